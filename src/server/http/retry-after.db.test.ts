import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { setUpTestApp, type TestClient } from '../testing/test-app';
import { rateLimits } from '../db/schema';

const t = setUpTestApp();

/** Fills these counters far past any limit, in a window that started now: the next hit is refused. */
async function exhaust(...keys: string[]) {
  const now = new Date();
  for (const key of keys)
    await t.deps.db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1_000_000 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: 1_000_000, windowStart: now },
      });
}

async function expectRetryAfter(res: Response) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { details?: { retryAfter?: number } };
  const header = res.headers.get('retry-after');
  expect(header).toMatch(/^[1-9]\d*$/);
  // The header and the answer's details name the same wait.
  expect(Number(header)).toBe(body.details?.retryAfter);
}

const post = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'POST', json });

describe('every 429 carries Retry-After (issue 25 #1)', () => {
  it('walks each rate-limited path of the API', async () => {
    const ip = '203.0.113.50';
    const anonymous = t.client(ip);
    const m = await t.member();
    const email = `retry-${Date.now()}@example.com`;

    // Accounts: sign-up, code requests (cooldown and hourly caps), code entry, the account's pause.
    await exhaust(`sign-up:ip:${ip}`);
    await expectRetryAfter(
      await post(anonymous, '/api/account/sign-up', {
        displayName: 'Rae',
        email,
        password: 'correct horse 1',
        acceptTerms: true,
      }),
    );
    await t.resetLimits();
    await exhaust(`code-send:cooldown:sign-in:${email}:${ip}`);
    await expectRetryAfter(await post(anonymous, '/api/account/send-code', { email }));
    await t.resetLimits();
    await exhaust(`code-send:ip:${ip}`);
    await expectRetryAfter(await post(anonymous, '/api/account/send-code', { email }));
    await t.resetLimits();
    await exhaust(`code-verify:ip:${ip}`);
    await expectRetryAfter(
      await post(anonymous, '/api/account/sign-in', { email, code: '123456' }),
    );
    await expectRetryAfter(
      await post(anonymous, '/api/account/verify-email', { email, code: '123456' }),
    );
    await t.resetLimits();
    await exhaust(`code-fail:email:${email}`);
    await expectRetryAfter(
      await post(anonymous, '/api/account/sign-in', { email, code: '123456' }),
    );
    await t.resetLimits();

    // Public checks: coupons and buddy invites.
    await exhaust(`coupon-check:ip:${ip}`, `invite-check:ip:${ip}`);
    await expectRetryAfter(await anonymous.request('/api/coupons/validate?code=SPRING'));
    await expectRetryAfter(await anonymous.request(`/api/invites/${'a'.repeat(43)}`));
    await t.resetLimits();

    // A member's writes.
    const { checkin } = (await (
      await post(m.client, '/api/checkins', {
        movedMinutes: 30,
        steps: 8000,
        proteinTargetHit: true,
        hydrationGoalHit: false,
        journalMd: 'Day',
      })
    ).json()) as { checkin: { id: string; postId: string } };
    await exhaust(
      `invite:user:${m.userId}`,
      `update:hour:${m.userId}`,
      `comment:minute:${m.userId}`,
      `export:hour:${m.userId}`,
      `avatar:hour:${m.userId}`,
      `workout-generate:day:${m.userId}`,
    );
    await expectRetryAfter(
      await post(m.client, '/api/invites', { email: `buddy-${Date.now()}@example.com` }),
    );
    await expectRetryAfter(
      await post(m.client, `/api/checkins/${checkin.id}/updates`, { body: 'More' }),
    );
    await expectRetryAfter(
      await post(m.client, `/api/posts/${checkin.postId}/comments`, { body: 'Nice' }),
    );
    await expectRetryAfter(await post(m.client, '/api/account/export', {}));
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    await expectRetryAfter(
      await m.client.request('/api/profile/avatar', {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      }),
    );
    await expectRetryAfter(
      await post(m.client, '/api/workouts/generate', { fitnessLevel: 'beginner' }),
    );

    // Nothing was left behind that a later test would trip on.
    await t.deps.db.delete(rateLimits).where(sql`true`);
  });
});
