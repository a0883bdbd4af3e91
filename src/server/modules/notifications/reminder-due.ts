import { localDateIn, wallClockIn, type LocalDate } from '@shared/domain/local-date';
import { localHourIn } from '../../queries/time-zone';

// Pure rules for the daily reminder (decision 0020): no database, no clock of its own.

export interface ReminderState {
  timeZone: string;
  /** 5..22, in the member's own time zone. */
  reminderHour: number;
  /** The local date of the member's latest check-in, if any. */
  lastCheckinDate: LocalDate | null;
  /** The local date a reminder was last sent for, if any. */
  lastReminderDate: LocalDate | null;
}

/**
 * Whether the member's reminder is due at `now`, and for which local date. Due from the reminder hour
 * to the end of the member's local day, so a scheduler that was down at that hour catches up the same
 * evening; never for a past day (the date is always today's), never twice for one date, and not once
 * today's check-in is in. On a daylight-saving change the hour is read from the wall clock, so a
 * 7 PM reminder stays at 7 PM local time.
 */
export function reminderDue(
  state: ReminderState,
  now: Date,
): { due: boolean; later: boolean; localDate: LocalDate } {
  const localDate = localDateIn(now, state.timeZone);
  const owed = state.lastCheckinDate !== localDate && state.lastReminderDate !== localDate;
  const hourCome = localHourIn(now, state.timeZone) >= state.reminderHour;
  // `later`: owed today, but the member's reminder hour has not come yet (the admin's trigger says so).
  return { due: owed && hourCome, later: owed && !hourCome, localDate };
}

/**
 * How long after the member's reminder hour `instant` is, in seconds of their wall clock: the
 * reminder's lag (decision 0087). On the day the clocks change it is off by the hour they moved.
 */
export function secondsPastHour(instant: Date, timeZone: string, reminderHour: number): number {
  const { hour, minute, second } = wallClockIn(instant, timeZone);
  return Math.max(0, (hour - reminderHour) * 3600 + minute * 60 + second);
}
