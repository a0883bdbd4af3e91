import { asc, eq } from 'drizzle-orm';
import type { CycleDayStatus, CycleView, MyCycleView } from '@shared/api-types';
import { consistencyScore, insightLevel } from '@shared/domain/consistency';
import { milestones } from '@shared/domain/milestones';
import { currentStreak, longestStreak } from '@shared/domain/streaks';
import { datesFrom } from '@shared/domain/local-date';
import type { DbOrTx } from '../../db/client';
import { checkins } from '../../db/schema';
import type { CycleDayRow } from './queries';

/**
 * Everything My Cycle shows for a cycle, from its check-ins (at most 90 rows). A building block of the
 * cycle services: no authorization here.
 *
 * A complete cycle (past day 90) shows as it stood on day 90: every day without a check-in is missed
 * (day 90 included), the current streak is the run as of day 90 (as the leaderboard counts it), and
 * every milestone is reached (docs/decisions/0014).
 */
export async function myCycleView(
  db: DbOrTx,
  cycle: CycleView,
  /** The cycle's check-ins in day order when the caller already read them (activeCycleWithDays). */
  days: CycleDayRow[] | null = null,
): Promise<Omit<MyCycleView, 'weight'>> {
  const rows =
    days ??
    (await db
      .select({
        day: checkins.dayNumber,
        movedMinutes: checkins.movedMinutes,
        steps: checkins.steps,
      })
      .from(checkins)
      .where(eq(checkins.cycleId, cycle.id))
      .orderBy(asc(checkins.dayNumber)));
  const dates = datesFrom(cycle.startDate, cycle.totalDays);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const dayNumbers = rows.map((r) => r.day);
  const consistency = consistencyScore(rows.length, cycle.day);
  const status = (day: number): CycleDayStatus => {
    if (byDay.has(day)) return 'done';
    // A cycle that starts tomorrow has no "today" yet (decision 0032).
    if (!cycle.started) return 'upcoming';
    if (day < cycle.day || cycle.complete) return 'missed';
    return day === cycle.day ? 'today' : 'upcoming';
  };
  return {
    cycle,
    stats: {
      checkins: rows.length,
      consistency,
      currentStreak: currentStreak(dayNumbers, cycle.day),
      longestStreak: longestStreak(dayNumbers),
      totalMinutes: rows.reduce((sum, r) => sum + r.movedMinutes, 0),
      totalSteps: rows.reduce((sum, r) => sum + r.steps, 0),
    },
    days: Array.from({ length: cycle.totalDays }, (_, i) => {
      const day = i + 1;
      const row = byDay.get(day);
      return {
        day,
        date: dates[i],
        status: status(day),
        movedMinutes: row?.movedMinutes ?? 0,
        steps: row?.steps ?? 0,
      };
    }),
    milestones: milestones(cycle.day),
    insight: insightLevel(consistency),
  };
}
