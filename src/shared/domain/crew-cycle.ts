import {
  CREW_CYCLE_JOIN_DAYS,
  CREW_CYCLE_SCHEDULE_MAX_DAYS,
  CYCLE_LENGTH_DAYS,
  EARLIEST_TIME_ZONE,
} from '../constants';
import type { CrewCyclePhase } from '../api-types';
import type { StreakSummary } from './forgiving-streak';
import { addDays, daysBetween, localDateIn, type LocalDate } from './local-date';

// Crew cycles (issue 44, decision 0114): one calendar date is Day 1 in every member's own zone, so a
// crew day is a calendar date, never an instant. What each member's days count is their own cycle's
// streak rule (forgiving-streak.ts); the crew streak only reads its marks.

const MINUTE_MS = 60_000;

/** The date of the crew's Day 90. */
export function crewCycleLastDate(startDate: LocalDate): LocalDate {
  return addDays(startDate, CYCLE_LENGTH_DAYS - 1);
}

/** The crew day (1..90) of a member's local `today`; null before Day 1, 91 and up once finished. */
export function crewDayOn(startDate: LocalDate, today: LocalDate): number | null {
  const day = daysBetween(startDate, today) + 1;
  return day < 1 ? null : day;
}

/**
 * The first instant of the calendar date `date` in `timeZone` (its midnight, or the first minute
 * that exists when a daylight-saving change skips midnight).
 */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Every zone is within UTC-12..UTC+14: the date begins somewhere in this span, and the local date
  // never goes back as time goes on across it, so the first minute on or after `date` is found by halving.
  let lo = utcMidnight - 15 * 60 * MINUTE_MS; // before `date` everywhere
  let hi = utcMidnight + 13 * 60 * MINUTE_MS; // on or after `date` everywhere
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (localDateIn(new Date(mid), timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The instant the rules lock: Day 1 begins in the earliest zone on Earth (UTC+14). */
export function rulesLockAt(startDate: LocalDate): Date {
  return startOfLocalDate(startDate, EARLIEST_TIME_ZONE);
}

export function rulesLocked(startDate: LocalDate, now: Date): boolean {
  return now.getTime() >= rulesLockAt(startDate).getTime();
}

/** The last crew day a member may join on: the window closes as it ends in their zone. */
export function joinWindowLastDate(startDate: LocalDate): LocalDate {
  return addDays(startDate, CREW_CYCLE_JOIN_DAYS - 1);
}

/** The instant the joining window closes in `timeZone`: the end of Day 3 there. */
export function joinWindowClosesAt(startDate: LocalDate, timeZone: string): Date {
  return startOfLocalDate(addDays(startDate, CREW_CYCLE_JOIN_DAYS), timeZone);
}

/** Whether a member whose local date is `today` may still join (or move to) the crew cycle. */
export function joinWindowOpen(startDate: LocalDate, today: LocalDate): boolean {
  return today <= joinWindowLastDate(startDate);
}

/** Where the cycle stands for a member whose local date at `now` is `today`. */
export function crewCyclePhase(startDate: LocalDate, today: LocalDate, now: Date): CrewCyclePhase {
  if (today > crewCycleLastDate(startDate)) return 'finished';
  if (today >= startDate) return 'running';
  return rulesLocked(startDate, now) ? 'countdown' : 'scheduled';
}

/** Whether an owner whose local date is `today` may choose `startDate`: today up to 60 days ahead. */
export function startDateAllowed(startDate: LocalDate, today: LocalDate): boolean {
  const ahead = daysBetween(today, startDate);
  return ahead >= 0 && ahead <= CREW_CYCLE_SCHEDULE_MAX_DAYS;
}

/**
 * The start date of a member's cycle once it moves to the crew's: Day 1 when they chose on or before
 * their Day 1, else the day they chose (a late joiner, counted from their own first day).
 */
export function movedCycleStart(crewStart: LocalDate, chosenOn: LocalDate): LocalDate {
  return chosenOn > crewStart ? chosenOn : crewStart;
}

/** "joined Day N": the crew day a member's cycle started on; null when it is Day 1. */
export function joinedDay(crewStart: LocalDate, cycleStart: LocalDate): number | null {
  const day = daysBetween(crewStart, cycleStart) + 1;
  return day > 1 ? day : null;
}

/** A member on the crew cycle, as the crew streak reads them: their cycle's marks and their today. */
export interface CrewStreakMember {
  summary: Pick<StreakSummary, 'days'>;
  /** Their cycle's first date (a late joiner's days before it are not theirs to keep). */
  cycleStart: LocalDate;
  /** Their local today. */
  today: LocalDate;
}

export interface CrewStreak {
  days: number;
  longest: number;
  /** The latest date someone is on (their today) was counted: everyone is in. */
  todayCounted: boolean;
  /** Indexes of the members whose today is not in yet (not checked in, no rest or pause). */
  waiting: number[];
}

type CrewMark = 'ok' | 'broken' | 'pending' | 'upcoming' | 'absent';

function markOn(member: CrewStreakMember, date: LocalDate): CrewMark {
  if (date < member.cycleStart) return 'absent';
  const day = member.summary.days.find((d) => d.date === date);
  if (!day) return 'absent';
  switch (day.mark) {
    case 'done':
    case 'rest':
    case 'paused':
      return 'ok';
    case 'missed':
    case 'grace':
      return 'broken';
    case 'today':
      return 'pending';
    case 'upcoming':
      return 'upcoming';
  }
}

/**
 * The crew streak (decision 0114): the crew's dates in order, each counted when every member on the
 * crew cycle checked in, rested or was paused on it (a member before their own first day is not
 * asked); any miss, a grace day included, ends it. A date still under way for someone who is not in
 * yet is neither counted nor a break, and the count stops there.
 */
export function crewStreak(crewStart: LocalDate, members: readonly CrewStreakMember[]): CrewStreak {
  const waiting = members.flatMap((m, i) =>
    m.summary.days.some((d) => d.date === m.today && d.mark === 'today') ? [i] : [],
  );
  let run = 0;
  let longest = 0;
  let todayCounted = false;
  const last = crewCycleLastDate(crewStart);
  for (let date = crewStart; date <= last; date = addDays(date, 1)) {
    const marks = members.map((m) => markOn(m, date));
    if (marks.includes('upcoming') || marks.includes('pending')) break;
    if (marks.every((m) => m === 'absent')) {
      if (members.every((m) => date > m.today)) break;
      continue;
    }
    if (marks.includes('broken')) {
      run = 0;
      todayCounted = false;
      continue;
    }
    run += 1;
    longest = Math.max(longest, run);
    todayCounted = members.some((m) => m.today === date);
  }
  return { days: run, longest, todayCounted, waiting };
}

/** The crew goal's bar: minutes done over the goal, in whole percent, at most 100. */
export function goalProgress(
  goalMinutes: number,
  doneMinutes: number,
): { percent: number; reached: boolean } {
  const percent = Math.min(100, Math.floor((doneMinutes / goalMinutes) * 100));
  return { percent: Math.max(0, percent), reached: doneMinutes >= goalMinutes };
}
