// Calendar dates as 'YYYY-MM-DD' strings. A member's "today" depends on their
// time zone, so every day count goes through a local date, never a raw instant.

export type LocalDate = string;

const MS_PER_DAY = 86_400_000;

const MAX_CACHED_FORMATTERS = 1000;

/**
 * One en-US Intl.DateTimeFormat with `options` per time zone, made once and kept: a new one per call
 * is slow. Unknown zones throw RangeError when asked for.
 */
export function zoneFormatters(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      // Bounded: Intl also accepts case variants ('america/denver'), which a caller could vary without end.
      if (formatters.size < MAX_CACHED_FORMATTERS) formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const formatterFor = zoneFormatters({ year: 'numeric', month: '2-digit', day: '2-digit' });

const wallClockFormatter = zoneFormatters({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * The wall clock of `instant` in `timeZone`: its date (month 1..12) and time (hour 0..23, minute,
 * second). Throws RangeError for an unknown zone.
 */
export function wallClockIn(instant: Date, timeZone: string) {
  const parts = wallClockFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** en-US with 2-digit month and day writes 'MM/DD/YYYY' for the years 1000 to 9999. */
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The calendar date of `instant` in `timeZone`, as 'YYYY-MM-DD'. Throws RangeError for an unknown zone. */
export function localDateIn(instant: Date, timeZone: string): LocalDate {
  // A zone's date changes only on a whole second (offsets and their changes are whole seconds), so
  // the answer for an instant's second stands for the whole second: the rows of one request, and
  // the requests of one second, ask each zone once (a page of 25 members was 26 formats).
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDateByZone.get(timeZone);
  if (last !== undefined && last.second === second) return last.date;
  const date = formattedDateIn(instant, timeZone);
  if (last !== undefined) {
    last.second = second;
    last.date = date;
  } else if (lastDateByZone.size < MAX_CACHED_FORMATTERS) {
    lastDateByZone.set(timeZone, { second, date });
  }
  return date;
}

/** Each zone's last answer of localDateIn, for the whole second it stands for. */
const lastDateByZone = new Map<string, { second: number; date: LocalDate }>();

function formattedDateIn(instant: Date, timeZone: string): LocalDate {
  const formatter = formatterFor(timeZone);
  // The formatted string, read by a pattern: several times faster than its parts, and every request
  // that counts a member's day asks (issue 33). Any other shape goes through the parts.
  const us = US_DATE.exec(formatter.format(instant));
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => {
    const found = parts.find((p) => p.type === type);
    if (!found)
      throw new RangeError(`Cannot read ${type} of ${instant.toISOString()} in ${timeZone}`);
    return found.value;
  };
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * True for a zone name Intl understands, such as 'America/New_York' or 'UTC'.
 * Offset strings like '+05:00' are refused: they have no daylight-saving rules,
 * so a member's day would drift twice a year.
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  if (/^[+-]/.test(timeZone)) return false;
  try {
    // Through the formatter cache: a new Intl.DateTimeFormat per call was a tenth of a busy
    // server's time (every request that counts a member's day checks the zone). Only zones that
    // Intl accepts are kept, and at most MAX_CACHED_FORMATTERS of them.
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar date written 'YYYY-MM-DD' (rejects '2026-02-30'). */
export function isLocalDate(value: unknown): value is LocalDate {
  return !Number.isNaN(utcMidnightOf(value));
}

/**
 * The UTC midnight of a real calendar date written YYYY-MM-DD, else NaN (read once, not split
 * again). Read by character codes: every day count of every request parses dates, and a pattern
 * and a Date per date were a twentieth of an admin page's thread (issue 43). Years below 100 are
 * NaN, as Date.UTC would read them as 19xx.
 */
function utcMidnightOf(value: unknown): number {
  if (typeof value !== 'string' || value.length !== 10) return NaN;
  if (value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return NaN;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return NaN;
  return Date.UTC(y, m - 1, d);
}

const DASH = 45;
const ZERO = 48;

/** The number written by `count` decimal digits of `text` from `start`; -1 if one is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

// Date math runs on UTC midnights, where every day is exactly 24 hours long,
// so daylight-saving changes cannot shift a count.
function utcMidnight(date: LocalDate): number {
  const ms = utcMidnightOf(date);
  if (Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return ms;
}

function fromUtcMidnight(ms: number): LocalDate {
  const date = new Date(ms);
  return writtenDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Year, month (1..12) and day written 'YYYY-MM-DD'. */
function writtenDate(y: number, m: number, d: number): LocalDate {
  return `${String(y).padStart(4, '0')}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
}

/** Calendar days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / MS_PER_DAY);
}

/**
 * `count` consecutive dates from `first` on, one per calendar day (My Cycle's 90 days): counted on
 * the calendar, not through a Date per day.
 */
export function datesFrom(first: LocalDate, count: number): LocalDate[] {
  const start = new Date(utcMidnight(first));
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth() + 1;
  let d = start.getUTCDate();
  const dates: LocalDate[] = [];
  for (let i = 0; i < count; i += 1) {
    dates.push(writtenDate(y, m, d));
    d += 1;
    if (d > daysInMonth(y, m)) {
      d = 1;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return dates;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month];
}

/** The date `n` calendar days after `date` (before it when `n` is negative). */
export function addDays(date: LocalDate, n: number): LocalDate {
  if (!Number.isInteger(n)) throw new RangeError(`Days must be a whole number: ${n}`);
  return fromUtcMidnight(utcMidnight(date) + n * MS_PER_DAY);
}
