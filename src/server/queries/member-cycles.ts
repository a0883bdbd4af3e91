import { and, eq, inArray } from 'drizzle-orm';
import type { MemberCycleLine } from '@shared/api-types';
import type { StreakMode } from '@shared/constants';
import { localDateIn } from '@shared/domain/local-date';
import type { DbOrTx } from '../db/client';
import { cycles, userSettings } from '../db/schema';
import { keptOutlook, keptStreakColumns } from './cycle-stats';
import { effectiveTimeZone, storedTimeZoneColumns } from './time-zone';

/**
 * The active cycle of each member asked, as the streak rule kept it (decision 0098), on each one's
 * today: the day, mode, pause, streak and "at risk". One indexed read for a page of members (the
 * admin's Users list). A building block: the caller authorizes.
 */
export async function memberCycleLines(
  db: DbOrTx,
  userIds: string[],
  now: Date,
): Promise<Map<string, MemberCycleLine>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: cycles.userId,
      startDate: cycles.startDate,
      ...keptStreakColumns,
      ...storedTimeZoneColumns,
    })
    .from(cycles)
    .leftJoin(userSettings, eq(userSettings.userId, cycles.userId))
    .where(and(inArray(cycles.userId, userIds), eq(cycles.isActive, true)));
  return new Map(
    rows.map((r) => {
      const today = localDateIn(now, effectiveTimeZone(r, now));
      const { position, kept } = keptOutlook(r, today);
      const line: MemberCycleLine = {
        day: position.day,
        started: position.started,
        complete: position.complete,
        paused: position.paused,
        mode: r.mode as StreakMode,
        streak: kept.streak,
        atRisk: kept.atRisk,
      };
      return [r.userId, line];
    }),
  );
}
