import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CYCLE_LENGTH_DAYS, type StreakMode } from '@shared/constants';
import {
  streakSummary,
  type PauseSpan,
  type RestPlan,
  type StreakHistory,
} from '@shared/domain/forgiving-streak';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { queryRows } from '../../db/client';
import { checkins, cyclePauses, cycles, restDayPlans, user, userSettings } from '../../db/schema';
import { setUpTestApp } from '../../testing/test-app';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { scoredCycleSelect } from '../../queries/scored-cycles';
import { computeCommunityBoard } from './leaderboard';

// One rule, three places (decision 0098): the boards' SQL, what refreshCycleStats keeps on the cycle
// row and the streak rule in src/shared/domain (which My Cycle uses) agree on the day, consistency,
// the current and longest streak and "at risk", for any history of check-ins, pauses, rest days and
// mode, on the day of the last write and on any later day without another one.

const t = setUpTestApp();
const userId = 'streak-rules-member';
let cycleId: string;
const zone = 'Asia/Tokyo';
const writtenAt = new Date('2026-06-15T05:30:00Z'); // already the 15th in Tokyo
const writtenOn = localDateIn(writtenAt, zone);

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
    .values({ userId, startDate: writtenOn })
    .returning({ id: cycles.id });
  cycleId = cycle!.id;
});

interface Case {
  history: StreakHistory;
  /** Days after the writes that the boards are read. */
  later: number;
}

/** Writes the history as the services would have: check-ins on their Day numbers, pauses, plans. */
async function write({ history }: Case) {
  const { db } = t.deps;
  await db.delete(checkins).where(eq(checkins.cycleId, cycleId));
  await db.delete(cyclePauses).where(eq(cyclePauses.cycleId, cycleId));
  await db.delete(restDayPlans).where(eq(restDayPlans.userId, userId));
  await db
    .update(cycles)
    .set({ startDate: history.startDate, mode: history.mode })
    .where(eq(cycles.id, cycleId));
  const days = new Map(streakSummary(history, writtenOn).days.map((d) => [d.date, d.day]));
  const counted = history.checkins.filter((date) => days.get(date));
  if (counted.length > 0)
    await db.insert(checkins).values(
      counted.map((localDate) => ({
        cycleId,
        userId,
        dayNumber: days.get(localDate)!,
        localDate,
        movedMinutes: 30,
        steps: 5000,
      })),
    );
  for (const pause of history.pauses ?? [])
    await db
      .insert(cyclePauses)
      .values({ cycleId, userId, startDate: pause.start, endDate: pause.end });
  for (const plan of history.restPlans ?? [])
    await db
      .insert(restDayPlans)
      .values({ userId, effectiveFrom: plan.from, weekdays: [...plan.weekdays] })
      .onConflictDoNothing();
  await refreshCycleStats(db, [cycleId]);
  return { ...history, checkins: counted };
}

/** A cycle up to 100 days old with runs and misses, pauses of up to 7 days, rest plans, a mode. */
const cases: fc.Arbitrary<Case> = fc
  .record({
    elapsed: fc.integer({ min: 0, max: CYCLE_LENGTH_DAYS + 10 }),
    mode: fc.constantFrom<StreakMode>('forgiving', 'strict'),
    pattern: fc.array(fc.constantFrom('x', 'x', 'x', '.'), { maxLength: 100 }),
    pause: fc.option(
      fc.record({ at: fc.integer({ min: 0, max: 95 }), length: fc.integer({ min: 1, max: 7 }) }),
    ),
    plan: fc.option(
      fc.record({
        from: fc.integer({ min: -7, max: 60 }),
        weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 2 }),
      }),
    ),
    later: fc.integer({ min: 0, max: 10 }),
  })
  .map(({ elapsed, mode, pattern, pause, plan, later }) => {
    const startDate = addDays(writtenOn, -elapsed);
    const pauses: PauseSpan[] = pause
      ? [
          {
            start: addDays(startDate, pause.at),
            end: addDays(startDate, pause.at + pause.length - 1),
          },
        ]
      : [];
    const restPlans: RestPlan[] = plan
      ? [{ from: addDays(startDate, plan.from), weekdays: plan.weekdays }]
      : [];
    const checkins = pattern
      .map((c, i) => (c === 'x' ? addDays(startDate, i) : null))
      .filter((d): d is LocalDate => d !== null && d <= writtenOn);
    return { history: { startDate, mode, checkins, pauses, restPlans }, later };
  });

describe('the streak rule in SQL', () => {
  it('agrees with the shared rule on the boards, on the day of the writes and later', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const history = await write(c);
        const now = new Date(writtenAt.getTime() + c.later * 86_400_000);
        const today = localDateIn(now, zone);
        const rule = streakSummary(history, today);
        const expected = {
          checkins: rule.checkins,
          currentDay: rule.day,
          consistency: rule.consistency,
          streak: rule.currentStreak,
          longestStreak: rule.longestStreak,
        };
        const board = await computeCommunityBoard(t.deps.db, now);
        expect(board.leaderboard.find((e) => e.userId === userId)).toMatchObject(expected);
        const streaker = board.longestStreaks.find((e) => e.userId === userId);
        if (expected.streak > 0) expect(streaker).toMatchObject(expected);
        else expect(streaker).toBeUndefined();
        expect(board.stats.checkedInToday).toBe(
          rule.days.some((d) => d.date === today && d.mark === 'done') ? 1 : 0,
        );
        const [scored] = await queryRows<{ at_risk: boolean; paused_today: boolean }>(
          t.deps.db,
          scoredCycleSelect(sql`${now.toISOString()}::timestamptz`, sql`c.id = ${cycleId}`),
        );
        expect(scored).toMatchObject({ at_risk: rule.atRisk, paused_today: rule.paused });
      }),
      { numRuns: 80 },
    );
  });
});
