import type { MemberCycleLine } from '@shared/api-types';
import type { StreakMode } from '@shared/constants';
import { localDateIn } from '@shared/domain/local-date';
import { cycles } from '../db/schema';
import { keptOutlook, keptStreakColumns } from './cycle-stats';
import { effectiveTimeZone, storedTimeZoneColumns } from './time-zone';

/**
 * What a member's line needs of their active cycle and settings, for a select that joins the active
 * cycle (`cycles.is_active`) and `user_settings` on the member: the lines of the admin's Users page,
 * read after the page (decision 0132).
 */
export const memberCycleColumns = {
  cycleStartDate: cycles.startDate,
  ...keptStreakColumns,
  ...storedTimeZoneColumns,
};

type MemberCycleRow = {
  [K in keyof typeof memberCycleColumns]: (typeof memberCycleColumns)[K]['_']['data'] | null;
};

/**
 * A member's active cycle as the streak rule kept it (decision 0098), on their today: the day, mode,
 * pause, streak and "at risk"; undefined without an active cycle. A building block: the caller
 * authorizes.
 */
export function memberCycleLine(row: MemberCycleRow, now: Date): MemberCycleLine | undefined {
  if (!row.cycleStartDate || !row.mode) return undefined;
  const today = localDateIn(now, effectiveTimeZone(row, now));
  const { position, kept } = keptOutlook(
    {
      startDate: row.cycleStartDate,
      pausedDates: row.pausedDates ?? [],
      streakRun: row.streakRun ?? 0,
      streakThrough: row.streakThrough,
      atRiskFrom: row.atRiskFrom,
    },
    today,
  );
  return {
    day: position.day,
    started: position.started,
    complete: position.complete,
    paused: position.paused,
    mode: row.mode as StreakMode,
    streak: kept.streak,
    atRisk: kept.atRisk,
  };
}
