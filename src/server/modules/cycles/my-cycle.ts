import { asc, eq } from 'drizzle-orm';
import { consistencyScore, insightLevel } from '@shared/domain/consistency';
import { milestones } from '@shared/domain/milestones';
import { currentStreak, longestStreak } from '@shared/domain/streaks';
import { addDays } from '@shared/domain/local-date';
import type { DbOrTx } from '../../db/client';
import { checkins } from '../../db/schema';
import { activeCycle } from './service';

/** Everything My Cycle shows, from the active cycle's check-ins (at most 90 rows). */
export async function myCycle(db: DbOrTx, userId: string, now = new Date()) {
  const cycle = await activeCycle(db, userId, now);
  const rows = await db
    .select({ day: checkins.dayNumber, movedMinutes: checkins.movedMinutes, steps: checkins.steps })
    .from(checkins)
    .where(eq(checkins.cycleId, cycle.id))
    .orderBy(asc(checkins.dayNumber));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const dayNumbers = rows.map((r) => r.day);
  const consistency = consistencyScore(rows.length, cycle.day);
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
        date: addDays(cycle.startDate, i),
        status: row
          ? 'done'
          : day < cycle.day
            ? 'missed'
            : day === cycle.day
              ? 'today'
              : 'upcoming',
        movedMinutes: row?.movedMinutes ?? 0,
        steps: row?.steps ?? 0,
      };
    }),
    milestones: milestones(cycle.day),
    insight: insightLevel(consistency),
  };
}
