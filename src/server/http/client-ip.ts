import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

/**
 * The address `hops` proxies back in an X-Forwarded-For list. Each proxy appends the address it
 * received the request from, so only the right-most entries were written by our proxies; everything
 * to their left came from the client and can be anything. With fewer entries than hops, the
 * furthest one (as Express's `trust proxy` does).
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * The client's address for rate limits (as `limitedAddress` counts it). `trustProxy` is the number
 * of our proxies that append to X-Forwarded-For (config.trustProxy; 0 = none): then the entry the
 * outermost of them added is the client. Otherwise the header is ignored, because any caller can
 * forge it, and the socket's address is used (behind a proxy without TRUST_PROXY that is the
 * proxy's, shared by every client).
 */
export function clientIp(c: Context, trustProxy: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustProxy);
  if (forwarded) return limitedAddress(forwarded);
  try {
    return limitedAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** How much of an IPv6 address one subscriber holds: an ordinary home or phone line gets a /64. */
const IPV6_SUBSCRIBER_PREFIX = 64;

/**
 * The part of an address one client controls, as the per-address limits count it: an IPv4 address
 * as it is (also when written as IPv4-mapped IPv6, `::ffff:a.b.c.d`), an IPv6 address as its /64,
 * since anyone with an ordinary connection can use any of the 2^64 addresses in it (one address
 * each would give them unlimited sign-ups, code requests and coupon guesses). Anything else (a
 * forwarded value that is not an address) is kept as it came.
 */
export function limitedAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 comes back as IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(
    `${parsed.toString()}/${IPV6_SUBSCRIBER_PREFIX}`,
  );
  return `${network.toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}
