import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { setUpTestApp } from '../testing/test-app';
import { LONGEST_LIMIT_WINDOW_SECONDS, hit, pruneRateLimits } from './rate-limit';

const t = setUpTestApp();

const HOUR = 3600_000;
const keysLeft = async () =>
  (
    await t.deps.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'prune:%'))
  )
    .map((r) => r.key)
    .sort();

describe('rate-limit counters', () => {
  it('are deleted once their window is over whatever the limit, and the rest are kept', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    await hit(t.deps.db, { key: 'prune:old-day', max: 5, windowSeconds: 86_400 }, at(25));
    await hit(t.deps.db, { key: 'prune:old-hour', max: 5, windowSeconds: 3600 }, at(30));
    await hit(t.deps.db, { key: 'prune:day', max: 5, windowSeconds: 86_400 }, at(23));
    await hit(t.deps.db, { key: 'prune:now', max: 5, windowSeconds: 60 }, now);

    expect(await pruneRateLimits(t.deps.db, now)).toBe(2);
    expect(await keysLeft()).toEqual(['prune:day', 'prune:now']);
    // Twice in a row (two processes' schedulers): nothing more to delete, nothing fails.
    expect(await pruneRateLimits(t.deps.db, now)).toBe(0);
    // A day-long limit still counts its hits after the prune.
    const again = await hit(t.deps.db, { key: 'prune:day', max: 5, windowSeconds: 86_400 }, now);
    expect(again.count).toBe(2);
  });

  it('deletes at most one batch a call', async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 5; i++)
      await hit(t.deps.db, { key: `prune:batch-${i}`, max: 1, windowSeconds: 60 }, old);
    const now = new Date('2026-11-24T12:00:00Z');
    expect(await pruneRateLimits(t.deps.db, now, 3)).toBe(3);
    expect(await pruneRateLimits(t.deps.db, now, 3)).toBe(2);
  });

  it('refuses a limit with a window longer than the prune keeps', async () => {
    await expect(
      hit(t.deps.db, {
        key: 'prune:week',
        max: 1,
        windowSeconds: LONGEST_LIMIT_WINDOW_SECONDS + 1,
      }),
    ).rejects.toThrow(/longer than/);
  });
});
