import { CYCLE_LENGTH_DAYS } from '../constants';
import type { PauseSpan } from './forgiving-streak';
import { addDays, daysBetween, type LocalDate } from './local-date';

// A cycle's position on a date, from what the streak rule (forgiving-streak.ts, decision 0098) kept
// on the cycle row: its paused dates, and the streak it keeps for every later day. What home, a
// check-in and the reminders read without the check-ins; the boards read the same in SQL.

/** Where `today` falls in a cycle whose paused dates are `pausedDates` (as the rule kept them). */
export interface CyclePosition {
  /** 1..90: the day shown (a paused date shows the day before it; day 90 once complete). */
  day: number;
  lastDate: LocalDate;
  started: boolean;
  complete: boolean;
  /** Today is a paused date. */
  paused: boolean;
}

/**
 * The day, last date and state of a cycle on `today` from its start and paused dates alone (the
 * streak rule's own answer, without the check-ins): what home and a check-in need.
 */
export function cyclePosition(
  startDate: LocalDate,
  pausedDates: readonly LocalDate[],
  today: LocalDate,
): CyclePosition {
  const lastDate = addDays(startDate, CYCLE_LENGTH_DAYS - 1 + pausedDates.length);
  const started = startDate <= today;
  const complete = today > lastDate;
  const at = complete ? lastDate : today;
  const lived = started ? daysBetween(startDate, at) + 1 : 0;
  const pausedSoFar = pausedDates.filter((d) => d <= at).length;
  return {
    day: Math.min(CYCLE_LENGTH_DAYS, Math.max(1, lived - pausedSoFar)),
    lastDate,
    started,
    complete,
    paused: started && !complete && pausedDates.includes(today),
  };
}

/** The date of Day `day` (1..90) of a cycle with these paused dates. */
export function dateOfDay(
  startDate: LocalDate,
  pausedDates: readonly LocalDate[],
  day: number,
): LocalDate {
  let date = addDays(startDate, day - 1);
  for (const paused of [...pausedDates].sort()) if (paused <= date) date = addDays(date, 1);
  return date;
}

/** Paused dates as spans of consecutive dates, in order. */
export function pauseSpans(pausedDates: readonly LocalDate[]): PauseSpan[] {
  const spans: PauseSpan[] = [];
  for (const date of [...pausedDates].sort()) {
    const last = spans[spans.length - 1];
    if (last && addDays(last.end, 1) === date) last.end = date;
    else spans.push({ start: date, end: date });
  }
  return spans;
}

/** What `streakOutlook` kept on the cycle row for the streak. */
export interface KeptStreak {
  lastDate: LocalDate;
  streakRun: number;
  aliveThrough: LocalDate | null;
  atRiskFrom: LocalDate | null;
}

/**
 * The streak and "at risk" on `today` from what the rule kept (the boards' SQL reads the same): the
 * streak after the last check-in while it is alive, and at risk from the kept date while it is.
 */
export function keptStreakOn(
  kept: KeptStreak,
  today: LocalDate,
): { streak: number; atRisk: boolean } {
  const at = today > kept.lastDate ? kept.lastDate : today;
  const alive = kept.aliveThrough !== null && at <= kept.aliveThrough;
  return {
    streak: alive ? kept.streakRun : 0,
    atRisk: today <= kept.lastDate && alive && kept.atRiskFrom !== null && kept.atRiskFrom <= today,
  };
}
