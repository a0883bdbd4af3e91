import { STREAK_BADGE_CODES, type BadgeDay, type StreakBadgeCode } from '../constants';
import { daysBetween, type LocalDate } from './local-date';

/**
 * A check-in day: either its day number in the cycle (1..90) or its local date
 * ('YYYY-MM-DD'). Use one kind per call.
 */
export type StreakDay = number | LocalDate;

const EPOCH: LocalDate = '1970-01-01';

function ordinal(day: StreakDay): number {
  if (typeof day === 'number') {
    if (!Number.isInteger(day)) throw new RangeError(`Day must be a whole number: ${day}`);
    return day;
  }
  return daysBetween(EPOCH, day);
}

function ordinalSet(days: readonly StreakDay[]): Set<number> {
  return new Set(days.map(ordinal));
}

function runEndingAt(set: Set<number>, end: number): number {
  let count = 0;
  while (set.has(end - count)) count += 1;
  return count;
}

/**
 * Consecutive check-in days ending at `day`, counting `day` itself.
 * 0 when there is no check-in on `day`; a gap before it restarts the count.
 */
export function streakEndingAt(days: readonly StreakDay[], day: StreakDay): number {
  return runEndingAt(ordinalSet(days), ordinal(day));
}

/**
 * The streak a member is on now: consecutive days ending today, or ending
 * yesterday when today's check-in is not done yet (the streak is still alive).
 */
export function currentStreak(days: readonly StreakDay[], today: StreakDay): number {
  const set = ordinalSet(days);
  const t = ordinal(today);
  return set.has(t) ? runEndingAt(set, t) : runEndingAt(set, t - 1);
}

/** The longest run of consecutive check-in days. */
export function longestStreak(days: readonly StreakDay[]): number {
  const sorted = [...ordinalSet(days)].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  for (const d of sorted) {
    run = previous !== undefined && d === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  return longest;
}

/** The badge earned by a streak of exactly `length` check-ins, or null. */
export function badgeCodeForStreak(length: number): StreakBadgeCode | null {
  return Object.hasOwn(STREAK_BADGE_CODES, length) ? STREAK_BADGE_CODES[length as BadgeDay] : null;
}
