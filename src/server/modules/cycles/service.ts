import { and, eq } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { cycleDay } from '@shared/domain/cycle-day';
import { isValidTimeZone, localDateIn } from '@shared/domain/local-date';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CycleView } from '@shared/api-types';
import type { DbOrTx } from '../../db/client';

export type { CycleView };
import { cycles, userSettings } from '../../db/schema';

/** The member's time zone from their settings (the browser's at sign-up), or the default. */
export async function memberTimeZone(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: userSettings.timezone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row && isValidTimeZone(row.timezone) ? row.timezone : DEFAULT_SETTINGS_TIMEZONE;
}

/**
 * The member's active cycle, created starting today (their local today) when they have none. Two
 * requests racing here both end up with the same cycle: the database allows one active cycle per member.
 */
export async function activeCycle(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<CycleView> {
  const timeZone = await memberTimeZone(db, userId);
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
  };
}

/** Ends the active cycle and starts a new one at Day 1 today; earlier cycles and check-ins are kept. */
export async function startNewCycle(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<CycleView> {
  await db.transaction(async (tx) => {
    await tx
      .update(cycles)
      .set({ isActive: false, endedAt: now })
      .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)));
    const timeZone = await memberTimeZone(tx, userId);
    await tx
      .insert(cycles)
      .values({ userId, startDate: localDateIn(now, timeZone) })
      .onConflictDoNothing();
  });
  return activeCycle(db, userId, now);
}
