import { CYCLE_LENGTH_DAYS, REVIEW_DAYS_PER_WEEK, REVIEW_WEEKS } from '../constants';
import { dateOfDay as dateOfDayPaused } from './cycle-position';
import { addDays, daysBetween, type LocalDate } from './local-date';

// The weeks of a cycle (decision 0048): week n is cycle days 7n-6..7n, counted in the member's own
// day (a check-in's day number), and the last week, days 85..90, closes the cycle. A week's review
// opens when its last day ends in the member's zone. Pure: no clock, no zone of its own. Paused
// dates are no days of the cycle (decision 0099): given them, days and weeks skip them.

export interface ReviewWeekDays {
  week: number;
  firstDay: number;
  lastDay: number;
  /** True for week 13: it reviews the whole cycle. */
  final: boolean;
}

export function isReviewWeek(week: unknown): week is number {
  return typeof week === 'number' && Number.isInteger(week) && week >= 1 && week <= REVIEW_WEEKS;
}

/** The cycle days of week `week` (1..13). */
export function reviewWeekDays(week: number): ReviewWeekDays {
  if (!isReviewWeek(week)) throw new RangeError(`No such week: ${week}`);
  const firstDay = REVIEW_DAYS_PER_WEEK * (week - 1) + 1;
  const lastDay = week === REVIEW_WEEKS ? CYCLE_LENGTH_DAYS : REVIEW_DAYS_PER_WEEK * week;
  return { week, firstDay, lastDay, final: week === REVIEW_WEEKS };
}

/** The week a cycle day belongs to. */
export function weekOfDay(day: number): number {
  return Math.min(REVIEW_WEEKS, Math.ceil(day / REVIEW_DAYS_PER_WEEK));
}

/**
 * The newest week whose last day has ended by the member's local date `today` (0 when none has): on
 * day 8 week 1, on days 85..90 week 12, from day 91 on week 13.
 */
export function newestOpenWeek(
  startDate: LocalDate,
  today: LocalDate,
  pausedDates: readonly LocalDate[] = [],
): number {
  // The days of the cycle that have ended: the dates before today, less the paused ones.
  const ended = daysBetween(startDate, today) - pausedDates.filter((d) => d < today).length;
  if (ended >= CYCLE_LENGTH_DAYS) return REVIEW_WEEKS;
  return Math.max(0, Math.min(REVIEW_WEEKS - 1, Math.floor(ended / REVIEW_DAYS_PER_WEEK)));
}

/** The local date of a cycle day (paused dates skipped). */
export function dateOfDay(
  startDate: LocalDate,
  day: number,
  pausedDates: readonly LocalDate[] = [],
): LocalDate {
  return pausedDates.length === 0
    ? addDays(startDate, day - 1)
    : dateOfDayPaused(startDate, pausedDates, day);
}

/** The local date a week's review opens on: the day after its last day. */
export function reviewOpensOn(
  startDate: LocalDate,
  week: number,
  pausedDates: readonly LocalDate[] = [],
): LocalDate {
  return addDays(dateOfDay(startDate, reviewWeekDays(week).lastDay, pausedDates), 1);
}

/**
 * The newest open week while its review is still new on `today` (the home card): from the day it
 * opens, for `newDays` days; 0 otherwise.
 */
export function newReviewWeek(
  startDate: LocalDate,
  today: LocalDate,
  newDays: number,
  pausedDates: readonly LocalDate[] = [],
): number {
  const week = newestOpenWeek(startDate, today, pausedDates);
  if (week === 0) return 0;
  const since = daysBetween(reviewOpensOn(startDate, week, pausedDates), today);
  return since >= 0 && since < newDays ? week : 0;
}

/** The first line of a journal, as the review lists it: markdown marks and blank lines left out. */
export function journalFirstLine(journalMd: string | null, maxLength = 140): string | null {
  if (!journalMd) return null;
  for (const raw of journalMd.split(/\r?\n/)) {
    const line = raw
      .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, '')
      .replace(/[*_`~]/g, '')
      .trim();
    if (line) return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
  }
  return null;
}

/** The change from `previous` to `value`, as the review shows it beside each number. */
export function weekChange(value: number, previous: number | null): number | null {
  return previous === null ? null : value - previous;
}
