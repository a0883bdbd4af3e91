import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientIp, forwardedClient, limitedAddress } from './client-ip';

/** What clientIp answers for a request from `socket` with these headers. */
async function ipFor(
  trustProxy: number,
  headers: Record<string, string> = {},
  socket = '10.0.0.9',
) {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)));
  const res = await app.request(
    '/',
    { headers },
    {
      incoming: { socket: { remoteAddress: socket, remotePort: 5000, remoteFamily: 'IPv4' } },
    },
  );
  return res.text();
}

describe('forwardedClient', () => {
  it('takes the entry our proxy appended, not the one the client wrote', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('counts TRUST_PROXY_HOPS proxies from the right', () => {
    // client -> CDN (appends client) -> load balancer (appends CDN) -> us
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 198.51.100.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7, 198.51.100.2', 2)).toBe('203.0.113.7');
    // fewer entries than hops: the furthest one there is
    expect(forwardedClient('198.51.100.2', 2)).toBe('198.51.100.2');
  });

  it('ignores empty entries and an empty header', () => {
    expect(forwardedClient(' , 203.0.113.7 ,', 1)).toBe('203.0.113.7');
    expect(forwardedClient('', 1)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('203.0.113.7', 0)).toBeUndefined();
  });
});

describe('clientIp', () => {
  it('uses the socket address when no proxy is trusted, whatever the header says', async () => {
    expect(await ipFor(0, { 'x-forwarded-for': '6.6.6.6' })).toBe('10.0.0.9');
  });

  it('behind a trusted proxy, a rotated first entry does not change the address', async () => {
    const a = await ipFor(1, { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' });
    const b = await ipFor(1, { 'x-forwarded-for': '2.2.2.2, 203.0.113.7' });
    expect([a, b]).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  it('falls back to the socket when a trusted proxy sent no header', async () => {
    expect(await ipFor(1)).toBe('10.0.0.9');
  });
});

describe('limitedAddress', () => {
  it('counts an IPv6 address as its /64, which one connection holds', () => {
    expect(limitedAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:0db8:0001:0002:ffff:0:0:3d')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('keeps IPv4 as it is, also when written as IPv4-mapped IPv6', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps a value that is no address as it came', () => {
    expect(limitedAddress('unknown')).toBe('unknown');
    expect(limitedAddress('not an address')).toBe('not an address');
  });

  it('applies to forwarded and socket addresses alike', async () => {
    expect(await ipFor(1, { 'x-forwarded-for': '2001:db8:1:2::3d' })).toBe('2001:db8:1:2::/64');
    expect(await ipFor(0, {}, '::ffff:10.0.0.9')).toBe('10.0.0.9');
  });
});
