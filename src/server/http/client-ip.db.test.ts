import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';

const t = setUpTestApp({ TRUST_PROXY: 'true' });

describe(`per-client limits behind a trusted proxy (${databaseLabel})`, () => {
  it('rotating the first X-Forwarded-For entry does not escape the code-entry limit', async () => {
    // Every request arrives from our proxy (10.9.9.9), which appends the address it saw.
    const proxy = t.client('10.9.9.9');
    const guess = (i: number, realClient = '203.0.113.7') =>
      proxy.request('/api/account/sign-in', {
        method: 'POST',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}, ${realClient}` },
        json: { email: `nobody${i}@example.com`, code: '000000' },
      });

    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guess(i)).status);
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);

    // Another client behind the same proxy still has its own allowance.
    expect((await guess(31, '203.0.113.8')).status).not.toBe(429);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const proxy = t.client('10.9.9.9');
    const check = (i: number, realClient: string) =>
      proxy.request(`/api/coupons/validate?code=GUESS${i}`, {
        headers: { 'x-forwarded-for': realClient },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await check(i, `2001:db8:1:2::${i.toString(16)}`)).status);
    expect(statuses.slice(0, 60).every((s) => s !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The next /64 is somebody else.
    expect((await check(61, '2001:db8:1:3::1')).status).not.toBe(429);
  });
});
