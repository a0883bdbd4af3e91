import { and, eq } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS, DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CycleView } from '@shared/api-types';
import { cycleDay, isCycleComplete } from '@shared/domain/cycle-day';
import { localDateIn } from '@shared/domain/local-date';
import type { DbOrTx } from '../../db/client';
import { cycles, userSettings } from '../../db/schema';
import { effectiveTimeZone } from '../profile/time-zone';

// Building blocks the cycle, check-in and feed services share. They take the database (or the
// caller's transaction) and explicit arguments, and check nobody's rights: only services call them,
// after requireMember. They are not service entry points.

/**
 * The time zone the member's day is counted in at `now`: their settings zone (the browser's at
 * sign-up), or a newly chosen one once it has taken over (decision 0016), or the default.
 */
export async function memberTimeZone(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const [row] = await db
    .select({
      timezone: userSettings.timezone,
      pendingTimezone: userSettings.pendingTimezone,
      pendingTimezoneFrom: userSettings.pendingTimezoneFrom,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row ? effectiveTimeZone(row, now) : DEFAULT_SETTINGS_TIMEZONE;
}

/**
 * The member's active cycle on `now`, created starting their local today when they have none. Two
 * requests racing here both end up with the same cycle: the database allows one active cycle per member.
 */
export async function activeCycle(db: DbOrTx, userId: string, now: Date): Promise<CycleView> {
  const timeZone = await memberTimeZone(db, userId, now);
  const today = localDateIn(now, timeZone);
  const find = () =>
    db
      .select()
      .from(cycles)
      .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)))
      .limit(1);
  let [cycle] = await find();
  if (!cycle) {
    await db.insert(cycles).values({ userId, startDate: today }).onConflictDoNothing();
    [cycle] = await find();
  }
  return {
    id: cycle.id,
    startDate: cycle.startDate,
    today,
    day: cycleDay(cycle.startDate, today),
    totalDays: CYCLE_LENGTH_DAYS,
    timeZone,
    complete: isCycleComplete(cycle.startDate, today),
  };
}

/** Ends the member's active cycle (its check-ins are kept) and starts the next at Day 1 on their today. */
export async function replaceActiveCycle(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(cycles)
    .set({ isActive: false, endedAt: now })
    .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)));
  const timeZone = await memberTimeZone(db, userId, now);
  await db
    .insert(cycles)
    .values({ userId, startDate: localDateIn(now, timeZone) })
    .onConflictDoNothing();
}
