import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { createCheckin, getToday } from '../checkins/service';
import { computeCommunityBoard } from '../community/leaderboard';
import { getMyCycle } from './service';

// Issue 43, the member's defect: one missed day, then a check-in: the streak is kept.
const t = setUpTestApp();
const START = new Date('2026-11-02T12:00:00Z');
const noonOf = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: '',
};

describe('a missed day followed by a check-in', () => {
  it('keeps the streak on My Cycle and the board', async () => {
    const m = await t.member({ timeZone: 'UTC' });
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, m.userId));
    await getToday(await t.contextFor(m.userId, { now: noonOf(1) }));
    for (const day of [1, 2, 3, 4, 5, 6, 8])
      await createCheckin(await t.contextFor(m.userId, { now: noonOf(day) }), checkin);
    const my = await getMyCycle(await t.contextFor(m.userId, { now: noonOf(8) }));
    expect(my.stats.currentStreak).toBe(7);
    const board = await computeCommunityBoard(t.deps.db, noonOf(8));
    expect(board.leaderboard.find((e) => e.userId === m.userId)?.streak).toBe(7);
  });
});
