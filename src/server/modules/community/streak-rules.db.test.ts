import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { consistencyScore } from '@shared/domain/consistency';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { currentStreak, longestStreak } from '@shared/domain/streaks';
import { checkins, cycles, user, userSettings } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { refreshCycleStats } from '../cycles/stats';
import { computeCommunityBoard } from './leaderboard';

// One rule, three places: the leaderboard's SQL, the aggregates kept on the cycle row
// (refreshCycleStats) and src/shared/domain (which My Cycle uses) must agree on consistency, the
// current streak and the longest streak for any history of check-ins (decision 0006).

const t = setUpTestApp();
const userId = 'streak-rules-member';
let cycleId: string;
const now = new Date('2026-06-15T05:30:00Z');
const zone = 'Asia/Tokyo'; // already the 15th there, still the 14th in the Americas
const today = localDateIn(now, zone);

beforeAll(async () => {
  await t.deps.db
    .insert(user)
    .values({ id: userId, name: 'Streaks', email: 'streaks@example.com', emailVerified: true });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: zone })
    .where(eq(userSettings.userId, userId));
  const [cycle] = await t.deps.db
    .insert(cycles)
    .values({ userId, startDate: today })
    .returning({ id: cycles.id });
  cycleId = cycle!.id;
});

/** The cycle is on `day` today; the member checked in on `days` (day numbers, 1..day). */
async function history(day: number, days: readonly number[]) {
  const startDate = addDays(today, -(day - 1));
  await t.deps.db.delete(checkins).where(eq(checkins.cycleId, cycleId));
  await t.deps.db.update(cycles).set({ startDate }).where(eq(cycles.id, cycleId));
  if (days.length > 0) {
    await t.deps.db.insert(checkins).values(
      days.map((n) => ({
        cycleId,
        userId,
        dayNumber: n,
        localDate: addDays(startDate, n - 1),
        movedMinutes: 30,
        steps: 5000,
      })),
    );
  }
  await refreshCycleStats(t.deps.db, [cycleId]);
}

/** A day of the cycle, and a set of its days so far: scattered days, or a few runs. */
const histories = fc.integer({ min: 1, max: CYCLE_LENGTH_DAYS }).chain((day) => {
  const dayNumber = fc.integer({ min: 1, max: day });
  const scattered = fc.uniqueArray(dayNumber, { maxLength: day });
  const runs = fc
    .array(fc.tuple(dayNumber, fc.integer({ min: 1, max: 30 })), { maxLength: 4 })
    .map((spans) => [
      ...new Set(
        spans.flatMap(([from, length]) =>
          Array.from({ length }, (_, i) => from + i).filter((n) => n <= day),
        ),
      ),
    ]);
  return fc.tuple(fc.constant(day), fc.oneof(scattered, runs));
});

describe('consistency and streaks', () => {
  it('are the same in the board, the cycle row and the shared domain for any history', async () => {
    await fc.assert(
      fc.asyncProperty(histories, async ([day, days]) => {
        await history(day, days);
        const expected = {
          checkins: days.length,
          currentDay: day,
          consistency: consistencyScore(days.length, day),
          streak: currentStreak(days, day),
          longestStreak: longestStreak(days),
        };

        const [row] = await t.deps.db.select().from(cycles).where(eq(cycles.id, cycleId));
        const liveRun = row!.lastDay >= day - 1 ? row!.lastRun : 0;
        expect({
          checkins: row!.checkinCount,
          streak: liveRun,
          longestStreak: row!.longestStreak,
        }).toEqual({
          checkins: expected.checkins,
          streak: expected.streak,
          longestStreak: expected.longestStreak,
        });

        const board = await computeCommunityBoard(t.deps.db, now);
        const entry = board.leaderboard.find((e) => e.userId === userId);
        expect(entry).toMatchObject(expected);
        const streaker = board.longestStreaks.find((e) => e.userId === userId);
        if (expected.streak > 0) expect(streaker).toMatchObject(expected);
        else expect(streaker).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});
