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
