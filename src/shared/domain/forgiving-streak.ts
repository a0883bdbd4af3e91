import {
  BADGE_DAYS,
  CYCLE_LENGTH_DAYS,
  GRACE_WINDOW_DAYS,
  PAUSE_DAYS_PER_CYCLE,
  REST_DAYS_MAX,
  WEEKDAY_KEYS,
  type BadgeDay,
  type StreakMode,
  type WeekdayKey,
} from '../constants';
import { addDays, datesFrom, daysBetween, localDateIn, type LocalDate } from './local-date';

// The streak rule (issue 43, decision 0098): one function every count in the product goes through.
//
// A cycle is 90 days of effort. Paused days are not days of it (its last day moves later by them);
// a rest day not checked in and a grace day keep the streak unbroken but never add to it; a strict
// cycle has neither rest days nor grace days, so any miss restarts its streak, as before.

/** Rest weekdays (1 Monday .. 7 Sunday) that apply from `from` (a date in the member's zone) on. */
export interface RestPlan {
  from: LocalDate;
  weekdays: readonly number[];
}

/** Paused dates, first and last included. */
export interface PauseSpan {
  start: LocalDate;
  end: LocalDate;
}

/** What the rule reads of a cycle: its start, mode, check-in dates, rest plans and pauses. */
export interface StreakHistory {
  startDate: LocalDate;
  mode: StreakMode;
  /** The local dates checked in (in the zone of each check-in's moment). */
  checkins: readonly LocalDate[];
  /** The member's rest-day plans; the newest whose `from` is on or before a date applies to it. */
  restPlans?: readonly RestPlan[];
  pauses?: readonly PauseSpan[];
}

/**
 * A date's mark: checked in (`done`), a rest day not checked in, a miss forgiven (`grace`), paused,
 * `missed`, `today` (not checked in yet) or `upcoming`.
 */
export type DayMark = 'done' | 'rest' | 'grace' | 'paused' | 'missed' | 'today' | 'upcoming';

export interface MarkedDay {
  date: LocalDate;
  /** The day of the cycle (1..90); null for a paused date, which is no day of the cycle. */
  day: number | null;
  mark: DayMark;
  /** The streak as this date ended (as it stands now, for today); 0 for upcoming dates. */
  streak: number;
}

export interface StreakSummary {
  /** Every date of the cycle, from its start to its last day (90 days plus the paused ones). */
  days: MarkedDay[];
  /** The date of day 90. */
  lastDate: LocalDate;
  /** The day shown: 1..90 (a paused date shows the day before it; day 90 once complete). */
  day: number;
  started: boolean;
  /** Past day 90: the cycle stands as it did on its last day. */
  complete: boolean;
  /** Today is a paused date. */
  paused: boolean;
  checkins: number;
  /** Consistency's days: the days so far, less the rest days not checked in (paused ones are none). */
  countedDays: number;
  /** Check-ins over counted days, in whole percent (0..100). A grace day counts as a miss. */
  consistency: number;
  currentStreak: number;
  longestStreak: number;
  /** A missed day waits to be forgiven: checking in on the next day that asks for one keeps the streak. */
  atRisk: boolean;
  /** The missed date that is at risk, while `atRisk`. */
  atRiskDate: LocalDate | null;
  /** The streak badge days the cycle's streaks have reached. */
  badgeDays: BadgeDay[];
}

/** What a check-in, pause or plan change stores on the cycle, for boards read in SQL (decision 0098). */
export interface StreakOutlook {
  lastDate: LocalDate;
  pausedDates: LocalDate[];
  /** Rest dates of the cycle not checked in: they leave consistency's days. */
  restDates: LocalDate[];
  checkins: number;
  longestStreak: number;
  /** The streak after the last check-in, and the last date it stays alive with no more check-ins. */
  streakRun: number;
  aliveThrough: LocalDate | null;
  /** From this date (to aliveThrough) the streak is at risk; null: never, with no more check-ins. */
  atRiskFrom: LocalDate | null;
}

/** ISO weekday of a local date: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  const sunday0 = ((daysBetween('1970-01-04', date) % 7) + 7) % 7; // 1970-01-04 was a Sunday
  return sunday0 === 0 ? 7 : sunday0;
}

/** The Monday after `today` (never today itself): when a rest-day change takes effect. */
export function nextMonday(today: LocalDate): LocalDate {
  return addDays(today, 8 - isoWeekday(today));
}

export const weekdayOfKey = (key: WeekdayKey): number => WEEKDAY_KEYS.indexOf(key) + 1;
export const keyOfWeekday = (weekday: number): WeekdayKey => WEEKDAY_KEYS[weekday - 1];

type Kind = 'done' | 'paused' | 'rest' | 'effort';

/** The cycle's dates with their day numbers and kinds; the part of the rule that ignores today. */
function layOut(history: StreakHistory) {
  const { startDate, mode } = history;
  // At most PAUSE_DAYS_PER_CYCLE paused dates count, the earliest, whatever the rows say.
  const pauseSet = new Set<LocalDate>();
  const horizon = CYCLE_LENGTH_DAYS + PAUSE_DAYS_PER_CYCLE;
  for (const pause of history.pauses ?? []) {
    const from = Math.max(0, daysBetween(startDate, pause.start));
    const to = Math.min(horizon - 1, daysBetween(startDate, pause.end));
    for (let i = from; i <= to; i++) pauseSet.add(addDays(startDate, i));
  }
  const honoured = new Set([...pauseSet].sort().slice(0, PAUSE_DAYS_PER_CYCLE));
  const checked = new Set(history.checkins);
  const plans =
    mode === 'strict' ? [] : [...(history.restPlans ?? [])].sort(byFrom).map(restWeekdaysOf);
  const dates: LocalDate[] = [];
  const dayNumbers: Array<number | null> = [];
  const kinds: Kind[] = [];
  // The dates run one calendar day apart, so the weekday steps with them and the plan in force only
  // moves forward: each is worked out once, not per date (the review lays a cycle out twice a read).
  const firstWeekday = isoWeekday(startDate);
  let plan = -1;
  let day = 0;
  let i = 0;
  for (const date of datesFrom(startDate, horizon)) {
    if (day === CYCLE_LENGTH_DAYS) break;
    const weekday = ((firstWeekday - 1 + i) % 7) + 1;
    i += 1;
    dates.push(date);
    if (honoured.has(date)) {
      dayNumbers.push(null);
      kinds.push('paused');
      continue;
    }
    day += 1;
    dayNumbers.push(day);
    if (checked.has(date)) {
      kinds.push('done');
      continue;
    }
    while (plan + 1 < plans.length && plans[plan + 1].from <= date) plan += 1;
    kinds.push(plan >= 0 && plans[plan].rest[weekday] ? 'rest' : 'effort');
  }
  return { dates, dayNumbers, kinds };
}

const byFrom = (a: RestPlan, b: RestPlan) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0);

/**
 * A plan's rest weekdays as a lookup by weekday (1..7): the first REST_DAYS_MAX distinct valid ones,
 * in the order the plan lists them.
 */
function restWeekdaysOf(plan: RestPlan): { from: LocalDate; rest: boolean[] } {
  const weekdays = [...new Set(plan.weekdays)].filter((d) => d >= 1 && d <= 7);
  const rest: boolean[] = Array.from({ length: 8 }, () => false);
  for (const d of weekdays.slice(0, REST_DAYS_MAX)) rest[d] = true;
  return { from: plan.from, rest };
}

/**
 * The walk over a cycle's days in order. `past(i)` settles date i as a day that has ended;
 * `asToday(i)` tells what the streak is on date i before it has ended (without settling it).
 */
function walker(layout: ReturnType<typeof layOut>, mode: StreakMode) {
  const { dayNumbers, kinds } = layout;
  const marks: DayMark[] = [];
  const streaks: number[] = [];
  let run = 0;
  let longest = 0;
  let pending: number | null = null;
  let lastGraceDay: number | null = null;

  const checkIn = () => {
    if (pending !== null) {
      marks[pending] = 'grace';
      lastGraceDay = dayNumbers[pending];
      pending = null;
    }
    run += 1;
    longest = Math.max(longest, run);
  };
  const miss = (i: number) => {
    marks[i] = 'missed';
    const day = dayNumbers[i]!;
    if (mode === 'strict') run = 0;
    else if (pending !== null) {
      pending = null; // two misses in a row: the first is not forgiven either
      run = 0;
    } else if (run > 0 && (lastGraceDay === null || day - lastGraceDay >= GRACE_WINDOW_DAYS)) {
      pending = i;
    } else run = 0;
  };

  const past = (i: number) => {
    const kind = kinds[i];
    if (kind === 'done') {
      checkIn();
      marks[i] = 'done';
    } else if (kind === 'effort') miss(i);
    else marks[i] = kind;
    streaks[i] = run;
  };
  return {
    past,
    /** The streak on date i before it has ended, and the missed date at risk then (if any). */
    asToday(i: number): { streak: number; atRisk: number | null } {
      if (kinds[i] === 'done') return { streak: run + 1, atRisk: null };
      return { streak: run, atRisk: pending };
    },
    /** Today's own mark: a check-in is settled, anything else waits for the day to end. */
    today(i: number) {
      const kind = kinds[i];
      if (kind === 'done') past(i);
      else {
        marks[i] = kind === 'effort' ? 'today' : kind;
        streaks[i] = run;
      }
    },
    state: () => ({ run, longest, pending, marks, streaks }),
  };
}

function score(checkins: number, days: number): number {
  if (days <= 0 || checkins <= 0) return 0;
  return Math.min(100, Math.round((checkins / days) * 100));
}

/**
 * The cycle as it stands on the member's `today` (their local date): each date's mark, the day,
 * consistency, the current and longest streak, whether the streak is at risk, the badges reached.
 * A check-in dated after `today` (a member who moved west) counts `today` as that date.
 */
export function streakSummary(history: StreakHistory, today: LocalDate): StreakSummary {
  const layout = layOut(history);
  const { dates, dayNumbers, kinds } = layout;
  const lastIndex = dates.length - 1;
  const lastDate = dates[lastIndex];
  let latest = today;
  for (let i = 0; i <= lastIndex; i++)
    if (kinds[i] === 'done' && dates[i] > latest) latest = dates[i];
  const started = history.startDate <= latest;
  const complete = latest > lastDate;
  // The index of the date that is today for the streak: day 90 once the cycle is complete.
  const t = complete ? lastIndex : started ? daysBetween(history.startDate, latest) : -1;
  const walk = walker(layout, history.mode);
  for (let i = 0; i < t; i++) walk.past(i);
  if (t >= 0) walk.today(t);
  const { run, longest, pending, marks, streaks } = walk.state();
  let checkins = 0;
  let counted = 0;
  let day = 0;
  const days: MarkedDay[] = dates.map((date, i) => {
    if (i > t) return { date, day: dayNumbers[i], mark: 'upcoming', streak: 0 };
    if (dayNumbers[i] !== null) day = dayNumbers[i];
    if (kinds[i] === 'done') checkins += 1;
    if (kinds[i] === 'done' || kinds[i] === 'effort') counted += 1;
    // A complete cycle's last day, not checked in, is missed (it stands as it did on that day).
    const mark = complete && i === t && marks[i] === 'today' ? 'missed' : marks[i];
    return { date, day: dayNumbers[i], mark, streak: streaks[i] };
  });
  const longestStreak = longest;
  return {
    days,
    lastDate,
    day: Math.max(1, day),
    started,
    complete,
    paused: t >= 0 && !complete && kinds[t] === 'paused',
    checkins,
    countedDays: counted,
    consistency: score(checkins, counted),
    currentStreak: t >= 0 ? run : 0,
    longestStreak,
    atRisk: !complete && pending !== null,
    atRiskDate: !complete && pending !== null ? dates[pending] : null,
    badgeDays: BADGE_DAYS.filter((d) => d <= longestStreak),
  };
}

/** `streakSummary` on the member's today at `now` in `timeZone`. */
export function streakSummaryAt(
  history: StreakHistory,
  now: Date,
  timeZone: string,
): StreakSummary {
  return streakSummary(history, localDateIn(now, timeZone));
}

/**
 * What the rule says for every later today once no more check-ins come (decision 0098): the cycle's
 * last date, paused and rest dates, and the dates the streak stays alive and at risk. Boards read
 * these in SQL; `streakSummary` on any date from the last check-in on gives the same streak.
 */
export function streakOutlook(history: StreakHistory): StreakOutlook {
  const layout = layOut(history);
  const { dates, kinds } = layout;
  const walk = walker(layout, history.mode);
  let lastCheckin = -1;
  kinds.forEach((k, i) => {
    if (k === 'done') lastCheckin = i;
  });
  let aliveThrough: LocalDate | null = null;
  let atRiskFrom: LocalDate | null = null;
  let streakRun = 0;
  let alive = true;
  for (let i = 0; i < dates.length; i++) {
    if (lastCheckin >= 0 && i >= lastCheckin && alive) {
      const asToday = walk.asToday(i);
      if (i === lastCheckin) streakRun = asToday.streak;
      alive = asToday.streak > 0;
      if (alive) aliveThrough = dates[i];
      if (alive && asToday.atRisk !== null && atRiskFrom === null) atRiskFrom = dates[i];
    }
    walk.past(i);
  }
  const { longest } = walk.state();
  return {
    lastDate: dates[dates.length - 1],
    pausedDates: dates.filter((_, i) => kinds[i] === 'paused'),
    restDates: dates.filter((_, i) => kinds[i] === 'rest'),
    checkins: kinds.filter((k) => k === 'done').length,
    longestStreak: longest,
    streakRun,
    aliveThrough,
    atRiskFrom,
  };
}
