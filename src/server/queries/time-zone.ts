import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import {
  addDays,
  isValidTimeZone,
  localDateIn,
  wallClockIn,
  type LocalDate,
} from '@shared/domain/local-date';
import type { DbOrTx } from '../db/client';
import { userSettings } from '../db/schema';

// A building block (no authorization): the member's day is counted in their settings time zone
// (decision 0003), and a change of zone must never move "today" to another date (decision 0016).
// A change that would is kept as pending with the instant it takes over.

export interface StoredTimeZone {
  timezone: string;
  pendingTimezone: string | null;
  pendingTimezoneFrom: Date | null;
}

/** The settings columns a StoredTimeZone is read from, for a select. */
export const storedTimeZoneColumns = {
  timezone: userSettings.timezone,
  pendingTimezone: userSettings.pendingTimezone,
  pendingTimezoneFrom: userSettings.pendingTimezoneFrom,
};

const DAY_MS = 86_400_000;

/**
 * startOfLocalDate's answers by zone and date, as ms since the epoch: it is a pure function, and every
 * weekly review asks it twice, mostly for dates and zones other members asked already (issue 33). At
 * most START_MEMO_MAX entries; then it starts empty again.
 */
const startMemo = new Map<string, number>();
const START_MEMO_MAX = 10_000;

/** The first instant of calendar date `date` in `timeZone` (midnight, or later on a day that skips it). */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  let start = startMemo.get(key);
  if (start === undefined) {
    start = firstInstantOf(date, timeZone);
    if (startMemo.size >= START_MEMO_MAX) startMemo.clear();
    startMemo.set(key, start);
  }
  return new Date(start);
}

function firstInstantOf(date: LocalDate, timeZone: string): number {
  // Midnight at the zone's offset then, taken only when it is the first instant of `date`: two
  // readings of the clock instead of the search's thirty (issue 33). A day whose offset changes near
  // midnight may fail the check; the search below is the rule.
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const guess = midnightUtc - offsetMs(midnightUtc - offsetMs(midnightUtc, timeZone), timeZone);
  if (
    localDateIn(new Date(guess), timeZone) === date &&
    localDateIn(new Date(guess - 1), timeZone) < date
  )
    return guess;
  return searchStartOfLocalDate(date, timeZone).getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms since the epoch), in ms. */
function offsetMs(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClockIn(new Date(instant), timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * startOfLocalDate by search: the first instant, from two days before UTC noon to a day after, whose
 * local date is `date`.
 */
export function searchStartOfLocalDate(date: LocalDate, timeZone: string): Date {
  const noonUtc = Date.parse(`${date}T12:00:00Z`);
  // Every zone's midnight lies between two days before UTC noon (UTC+14 reaches midnight 26 hours
  // before it) and a day after: search that window for the first instant whose local date is `date`
  // (ISO dates compare as strings). The window began a day before noon until a property test found
  // Pacific/Chatham and Pacific/Kiritimati starting their day at noon UTC.
  let before = noonUtc - 2 * DAY_MS;
  let onOrAfter = noonUtc + DAY_MS;
  while (onOrAfter - before > 1) {
    const mid = Math.floor((before + onOrAfter) / 2);
    if (localDateIn(new Date(mid), timeZone) >= date) onOrAfter = mid;
    else before = mid;
  }
  return new Date(onOrAfter);
}

/**
 * What to store when the member picks `requested` at `now`. A zone that shows the same date as the one
 * in effect takes over at once. Otherwise it takes over at the first instant both zones have reached
 * the day after today (in the zone in effect): until then the old zone counts, so a check-in made today
 * stays today's, and from then on the new zone counts on the same date, so no day repeats or goes
 * missing (one day is shorter or longer than 24 hours, as on a flight).
 */
export function planTimeZoneChange(
  current: StoredTimeZone,
  requested: string,
  now: Date,
): StoredTimeZone {
  const inEffect = effectiveTimeZone(current, now);
  if (requested === inEffect || localDateIn(now, requested) === localDateIn(now, inEffect)) {
    return { timezone: requested, pendingTimezone: null, pendingTimezoneFrom: null };
  }
  const tomorrow = addDays(localDateIn(now, inEffect), 1);
  const from = Math.max(
    startOfLocalDate(tomorrow, inEffect).getTime(),
    startOfLocalDate(tomorrow, requested).getTime(),
  );
  return { timezone: inEffect, pendingTimezone: requested, pendingTimezoneFrom: new Date(from) };
}

/**
 * The zone the member's day is counted in at `now`. A zone read through a left join may be null (no
 * settings row): the default, as for a zone Intl does not know.
 */
/**
 * `effectiveTimeZone` in SQL, for reads that judge many members at once (the daily reminders, the
 * weekly reviews): the zone the day of the member whose settings row is `s` is counted in at `at`.
 */
export const zoneAt = (at: SQL) =>
  sql`case when s.pending_timezone is not null and s.pending_timezone_from <= ${at}
                and stackdays_known_zone(s.pending_timezone) then s.pending_timezone
           when stackdays_known_zone(s.timezone) then s.timezone
           else ${DEFAULT_SETTINGS_TIMEZONE}::text end`;

export function effectiveTimeZone(
  stored: Omit<StoredTimeZone, 'timezone'> & { timezone: string | null },
  now: Date,
): string {
  const { pendingTimezone, pendingTimezoneFrom } = stored;
  if (
    pendingTimezone &&
    pendingTimezoneFrom &&
    now.getTime() >= pendingTimezoneFrom.getTime() &&
    isValidTimeZone(pendingTimezone)
  ) {
    return pendingTimezone;
  }
  return isValidTimeZone(stored.timezone) ? stored.timezone : DEFAULT_SETTINGS_TIMEZONE;
}

/**
 * Makes a pending zone the stored one once its instant has passed. Readers that count the day from
 * `user_settings.timezone` alone (activeCycle, the leaderboard) see the new zone from then on; the
 * write happens only while both zones show the same date, so even a reader that ignores the pending
 * columns never sees today move.
 */
export async function applyPendingTimeZone(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const [row] = await db
    .select(storedTimeZoneColumns)
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), isNotNull(userSettings.pendingTimezone)))
    .limit(1);
  if (!row?.pendingTimezone || !row.pendingTimezoneFrom) return;
  if (now < row.pendingTimezoneFrom) return;
  const next = effectiveTimeZone(row, now);
  const previous = isValidTimeZone(row.timezone) ? row.timezone : DEFAULT_SETTINGS_TIMEZONE;
  if (localDateIn(now, next) !== localDateIn(now, previous)) return;
  await db
    .update(userSettings)
    .set({ timezone: next, pendingTimezone: null, pendingTimezoneFrom: null, updatedAt: now })
    .where(
      and(
        eq(userSettings.userId, userId),
        eq(userSettings.pendingTimezone, row.pendingTimezone),
        eq(userSettings.pendingTimezoneFrom, row.pendingTimezoneFrom),
      ),
    );
}

/** The wall-clock hour (0..23) of `instant` in `timeZone`. Throws RangeError for an unknown zone. */
export function localHourIn(instant: Date, timeZone: string): number {
  return wallClockIn(instant, timeZone).hour;
}
