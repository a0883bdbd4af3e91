import { CYCLE_LENGTH_DAYS } from '../constants';
import { daysBetween, type LocalDate } from './local-date';

/**
 * The member's day in the cycle: whole calendar days since the start date + 1,
 * clamped to 1..90. Both dates are local dates in the member's time zone
 * (see localDateIn), so the day turns over at the member's midnight.
 */
export function cycleDay(startDate: LocalDate, today: LocalDate): number {
  const day = daysBetween(startDate, today) + 1;
  return Math.min(CYCLE_LENGTH_DAYS, Math.max(1, day));
}

/**
 * True once the member's local date is past the cycle's last day (day 91 onwards): the cycle is
 * complete, takes no more check-ins, and waits for Start New Cycle (docs/decisions/0014).
 */
export function isCycleComplete(startDate: LocalDate, today: LocalDate): boolean {
  return daysBetween(startDate, today) + 1 > CYCLE_LENGTH_DAYS;
}
