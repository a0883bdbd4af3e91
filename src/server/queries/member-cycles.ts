import { sql, type SQL } from 'drizzle-orm';
import type { MemberCycleLine } from '@shared/api-types';
import type { StreakMode } from '@shared/constants';
import { localDateIn, type LocalDate } from '@shared/domain/local-date';
import { cycles, userSettings } from '../db/schema';
import { keptOutlook } from './cycle-stats';
import { effectiveTimeZone } from './time-zone';

/**
 * What a member's line needs of their active cycle and settings, as a list of expressions for a
 * `json_build_array` in a select that joins the active cycle (`cycles.is_active`) and `user_settings`
 * on the member: the lines of the admin's Users page, read after the page (decision 0132). Aggregated
 * with `json_agg`, a page's 25 members come back as one row of one column, which the server parses
 * natively: as 25 rows of ten columns, parsing and mapping them took a fifth of the read's thread
 * (decision 0133). The pending zone's instant comes as milliseconds since the epoch.
 */
export const memberCycleInputs: SQL = sql.join(
  [
    cycles.startDate,
    cycles.mode,
    cycles.pausedDates,
    cycles.streakRun,
    cycles.streakThrough,
    cycles.atRiskFrom,
    userSettings.timezone,
    userSettings.pendingTimezone,
    sql`(extract(epoch from ${userSettings.pendingTimezoneFrom}) * 1000)::float8`,
  ],
  sql`, `,
);

/** `memberCycleInputs` as parsed, in its order. */
export type MemberCycleInputs = [
  startDate: LocalDate,
  mode: string,
  pausedDates: LocalDate[],
  streakRun: number,
  streakThrough: LocalDate | null,
  atRiskFrom: LocalDate | null,
  timezone: string | null,
  pendingTimezone: string | null,
  pendingTimezoneFromMs: number | null,
];

/**
 * A member's active cycle as the streak rule kept it (decision 0098), on their today: the day, mode,
 * pause, streak and "at risk". A building block: the caller authorizes.
 */
export function memberCycleLine(inputs: MemberCycleInputs, now: Date): MemberCycleLine {
  const [
    startDate,
    mode,
    pausedDates,
    streakRun,
    streakThrough,
    atRiskFrom,
    timezone,
    pendingTimezone,
    pendingFromMs,
  ] = inputs;
  const zone = effectiveTimeZone(
    {
      timezone,
      pendingTimezone,
      pendingTimezoneFrom: pendingFromMs === null ? null : new Date(pendingFromMs),
    },
    now,
  );
  const { position, kept } = keptOutlook(
    { startDate, pausedDates, streakRun, streakThrough, atRiskFrom },
    localDateIn(now, zone),
  );
  return {
    day: position.day,
    started: position.started,
    complete: position.complete,
    paused: position.paused,
    mode: mode as StreakMode,
    streak: kept.streak,
    atRisk: kept.atRisk,
  };
}
