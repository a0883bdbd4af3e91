import type { CycleView, MyCycleView } from '@shared/api-types';
import { insightLevel } from '@shared/domain/consistency';
import { pauseSpans } from '@shared/domain/cycle-position';
import { streakSummary, type RestPlan } from '@shared/domain/forgiving-streak';
import { milestones } from '@shared/domain/milestones';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkins } from '../../db/schema';
import { readRuleInputs } from '../../queries/cycle-stats';
import type { CycleDayRow } from '../../queries/cycles';

/**
 * Everything My Cycle shows for a cycle, from its check-ins (at most 90 rows), by the streak rule
 * (decision 0098): each date's mark (checked in, rest, grace, paused, missed, today, upcoming), the
 * day, consistency, the streaks and whether the streak is at risk. A building block of the cycle
 * services: no authorization here.
 *
 * A complete cycle (past its last day) shows as it stood on day 90: every day without a check-in is
 * missed (day 90 included), the current streak is the streak as of day 90 (as the leaderboard
 * counts it), and every milestone is reached (docs/decisions/0014).
 */
export async function myCycleView(
  db: DbOrTx,
  cycle: CycleView,
  /** The cycle's check-ins and the member's rest-day plans, when the caller already read them. */
  read: { days: CycleDayRow[] | null; plans: RestPlan[] | undefined } | null = null,
): Promise<Omit<MyCycleView, 'weight'>> {
  const rows = read?.days ?? (await readCheckinNumbers(db, cycle.id));
  const plans = read?.plans ?? (await readRuleInputs(db, [cycle.id]))[0]?.history.restPlans ?? [];
  const summary = streakSummary(
    {
      startDate: cycle.startDate,
      mode: cycle.mode,
      checkins: rows.map((r) => r.date),
      pauses: pauseSpans(cycle.pausedDates),
      restPlans: plans,
    },
    cycle.today,
  );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return {
    cycle: {
      ...cycle,
      day: summary.day,
      streak: summary.currentStreak,
      atRisk: summary.atRisk,
    },
    stats: {
      checkins: summary.checkins,
      consistency: summary.consistency,
      currentStreak: summary.currentStreak,
      longestStreak: summary.longestStreak,
      totalMinutes: rows.reduce((sum, r) => sum + r.movedMinutes, 0),
      totalSteps: rows.reduce((sum, r) => sum + r.steps, 0),
    },
    days: summary.days.map((d) => ({
      day: d.day,
      date: d.date,
      // A cycle that starts tomorrow has no "today" yet (decision 0032): all its days are upcoming.
      status: d.mark,
      movedMinutes: byDate.get(d.date)?.movedMinutes ?? 0,
      steps: byDate.get(d.date)?.steps ?? 0,
    })),
    milestones: milestones(summary.day),
    insight: insightLevel(summary.consistency),
  };
}

/** A cycle's check-ins in day order, with their numbers and dates (My Cycle after a write). */
async function readCheckinNumbers(db: DbOrTx, cycleId: string): Promise<CycleDayRow[]> {
  return db
    .select({
      day: checkins.dayNumber,
      date: checkins.localDate,
      movedMinutes: checkins.movedMinutes,
      steps: checkins.steps,
    })
    .from(checkins)
    .where(eq(checkins.cycleId, cycleId))
    .orderBy(asc(checkins.dayNumber));
}
