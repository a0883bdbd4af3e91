import { z } from 'zod';
import {
  CREW_CYCLE_JOIN_DAYS,
  CREW_CYCLE_SCHEDULE_MAX_DAYS,
  CREW_GOAL_MAX_MINUTES,
  CREW_MAX_MEMBERS,
  CREW_NAME_MAX,
  CYCLE_LENGTH_DAYS,
  PAUSE_DAYS_PER_CYCLE,
  PROGRESS_POSES,
  REST_DAYS_MAX,
  STREAK_MODES,
  WEEKDAY_KEYS,
  type ProgressPose,
  type StreakMode,
  type WeekdayKey,
} from '@shared/constants';
import {
  isoWeekday,
  streakSummary,
  weekdayOfKey,
  type PauseSpan,
  type StreakHistory,
} from '@shared/domain/forgiving-streak';
import {
  addDays,
  daysBetween,
  isValidTimeZone,
  localDateIn,
  type LocalDate,
} from '@shared/domain/local-date';
import { LOCALES } from '@shared/i18n/locales';

// The histories file of `npm run seed:demo -- --histories FILE` (issue 43): members with exactly
// the days a test or a demo needs, ending yesterday in each member's zone. Read and checked here
// (every mistake named with where it is); seed-histories-write.ts writes what it plans.

const dayKey = z.string().regex(/^[1-9]\d?$/, { error: 'a Day number from 1 to 90' });

const memberSchema = z.strictObject({
  email: z.email({ error: 'an e-mail address' }),
  name: z.string().trim().min(1).max(80),
  timeZone: z
    .string()
    .refine(isValidTimeZone, { error: 'an IANA time zone, such as Europe/Paris' }),
  mode: z.enum(STREAK_MODES).default('forgiving'),
  restDays: z
    .array(z.enum(WEEKDAY_KEYS))
    .max(REST_DAYS_MAX)
    .refine((days) => new Set(days).size === days.length, { error: 'each weekday once' })
    .default([]),
  history: z
    .string()
    .max(CYCLE_LENGTH_DAYS + PAUSE_DAYS_PER_CYCLE)
    .regex(/^[x.pr]*$/, { error: 'only the letters x . p r' }),
  // A seeded photo is a progress photo of its pose (issue 46).
  photos: z.record(dayKey, z.enum(PROGRESS_POSES)).default({}),
  // A proof photo on that Day's check-in post, whose audience it takes (issue 44's finale shows the
  // Day 1 and Day 90 ones the crew may see): the community, only the member, or one of their crews.
  proofPhotos: z
    .record(
      dayKey,
      z.union([
        z.enum(['public', 'private']),
        z.strictObject({ crew: z.string().trim().min(1).max(CREW_NAME_MAX) }),
      ]),
    )
    .default({}),
  // A late joiner of their crew's started cycle (issue 44): their history starts on this crew day.
  joinedOnDay: z.number().int().min(1).max(CREW_CYCLE_JOIN_DAYS).optional(),
  // The member's language (issue 47): their pages, e-mails and pushes. Unset: never chosen (English).
  language: z.enum(LOCALES, { error: `one of ${LOCALES.join(', ')}` }).optional(),
});

const crewSchema = z.strictObject({
  name: z.string().trim().min(1).max(CREW_NAME_MAX),
  owner: z.email(),
  members: z
    .array(z.email())
    .max(CREW_MAX_MEMBERS - 1)
    .default([]),
  // The crew cycle (issue 44): its start, in days from today's date in UTC (negative: started,
  // positive: scheduled; -90: its Day 90 was yesterday), and its mode, every member's on it.
  cycleStart: z.number().int().min(-CYCLE_LENGTH_DAYS).max(CREW_CYCLE_SCHEDULE_MAX_DAYS).optional(),
  mode: z.enum(STREAK_MODES).optional(),
  // The crew goal the owner set before the start, in move minutes.
  goalMinutes: z.number().int().min(1).max(CREW_GOAL_MAX_MINUTES).optional(),
});

const fileSchema = z.strictObject({
  members: z.array(memberSchema).min(1),
  crews: z.array(crewSchema).default([]),
});

export type HistoryMember = z.infer<typeof memberSchema>;
export type HistoryCrew = z.infer<typeof crewSchema>;
/** Who sees a seeded proof photo: its check-in post's audience. */
export type ProofAudience = HistoryMember['proofPhotos'][string];
export type HistoriesFile = z.infer<typeof fileSchema>;

/**
 * A seeded member's id, from their e-mail: the same file makes the same ids. Seeded members are demo
 * members: `--reset` removes them with the others (ids demo_*).
 */
export const historyMemberId = (email: string) =>
  `demo_h_${email.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/** A mistake in the histories file, said with where it is. */
export class HistoriesError extends Error {}

const where = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (out, key) =>
      typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key),
    '',
  );

/** The file's members and crews, or a HistoriesError naming each mistake (an unknown field by name). */
export function parseHistories(text: string): HistoriesFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new HistoriesError(`The histories file is not JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const at = where(issue.path) || 'the file';
      if (issue.code === 'unrecognized_keys')
        return issue.keys.map((key) => `${at}: unknown field "${key}"`).join('\n');
      return `${at}: ${issue.message}`;
    });
    throw new HistoriesError(lines.join('\n'));
  }
  checkPeople(parsed.data);
  return parsed.data;
}

function checkPeople(file: HistoriesFile): void {
  const emails = new Set<string>();
  file.members.forEach((m, i) => {
    const email = m.email.toLowerCase();
    if (emails.has(email))
      throw new HistoriesError(`members[${i}].email: ${m.email} is listed twice`);
    emails.add(email);
  });
  file.crews.forEach((crew, i) => {
    for (const [at, email] of [
      ['owner', crew.owner],
      ...crew.members.map((e, j) => [`members[${j}]`, e] as const),
    ]) {
      if (!emails.has(email.toLowerCase()))
        throw new HistoriesError(`crews[${i}].${at}: ${email} is not one of the file's members`);
    }
    const people = [crew.owner, ...crew.members].map((e) => e.toLowerCase());
    if (new Set(people).size !== people.length)
      throw new HistoriesError(
        `crews[${i}]: a member is listed twice (the owner is a member already)`,
      );
    for (const key of ['mode', 'goalMinutes'] as const)
      if (crew[key] !== undefined && crew.cycleStart === undefined)
        throw new HistoriesError(`crews[${i}].${key}: a crew's ${key} goes with its cycleStart`);
  });
  file.members.forEach((m, i) => {
    for (const [day, audience] of Object.entries(m.proofPhotos)) {
      if (m.photos[day])
        throw new HistoriesError(
          `members[${i}].proofPhotos: Day ${day} has a progress photo already (photos)`,
        );
      if (typeof audience === 'string') continue;
      const crew = file.crews.find((c) => c.name === audience.crew);
      const email = m.email.toLowerCase();
      if (!crew || ![crew.owner, ...crew.members].some((e) => e.toLowerCase() === email))
        throw new HistoriesError(
          `members[${i}].proofPhotos: Day ${day} is shared with "${audience.crew}", not one of ${m.email}'s crews in the file`,
        );
    }
  });
}

/** The start of a crew's cycle: `cycleStart` days from `now`'s date in UTC. */
export const crewCycleStartDate = (cycleStart: number, now: Date): LocalDate =>
  addDays(now.toISOString().slice(0, 10), cycleStart);

/** A member on a started crew cycle: its start date and mode, and the day they joined it. */
export interface OnCrewCycle {
  crewIndex: number;
  startDate: LocalDate;
  mode: StreakMode;
  joinedOnDay: number;
}

/**
 * Each member on a crew cycle that has started by `now` (cycleStart 0 or less), by index in the
 * file: every member of such a crew is on it. A member on two is refused, as is a joinedOnDay with
 * no started crew cycle.
 */
export function crewCycleMembersOf(file: HistoriesFile, now: Date): Map<number, OnCrewCycle> {
  const byEmail = new Map(file.members.map((m, i) => [m.email.toLowerCase(), i]));
  const on = new Map<number, OnCrewCycle>();
  file.crews.forEach((crew, crewIndex) => {
    if (crew.cycleStart === undefined || crew.cycleStart > 0) return;
    for (const email of [crew.owner, ...crew.members]) {
      const i = byEmail.get(email.toLowerCase())!;
      if (on.has(i))
        throw new HistoriesError(
          `crews[${crewIndex}]: ${email} is on crews[${on.get(i)!.crewIndex}]'s cycle already`,
        );
      on.set(i, {
        crewIndex,
        startDate: crewCycleStartDate(crew.cycleStart, now),
        mode: crew.mode ?? 'forgiving',
        joinedOnDay: file.members[i].joinedOnDay ?? 1,
      });
    }
  });
  file.members.forEach((m, i) => {
    if (m.joinedOnDay !== undefined && !on.has(i))
      throw new HistoriesError(
        `members[${i}].joinedOnDay: ${m.email} is on no crew cycle that has started`,
      );
  });
  return on;
}

/** What one member's history becomes: the cycle's dates, check-ins with their Day numbers, pauses. */
export interface PlannedMember {
  member: HistoryMember;
  startDate: LocalDate;
  /** The member's today: the day after the history's last letter. */
  today: LocalDate;
  mode: StreakMode;
  restWeekdays: number[];
  pauses: PauseSpan[];
  checkins: Array<{
    date: LocalDate;
    day: number;
    photo: ProgressPose | null;
    proof: ProofAudience | null;
  }>;
  /** Streak badge days reached, each with the date of the check-in that reached it. */
  badges: Array<{ day: number; date: LocalDate }>;
  history: StreakHistory;
}

const showDate = (date: LocalDate) =>
  `${WEEKDAY_KEYS[isoWeekday(date) - 1]} ${date}` as `${WeekdayKey} ${string}`;

/**
 * Lays one member's history on the calendar, ending yesterday in their zone at `now`: a member's
 * rest days apply from the cycle's first day. Throws HistoriesError for a letter the rule would read
 * otherwise (an r off the rest days, a . on one, a rest day or pause in strict mode, too many days).
 */
export function planMember(
  given: HistoryMember,
  index: number,
  now: Date,
  crewCycle?: OnCrewCycle,
): PlannedMember {
  const at = `members[${index}].history`;
  const letters = [...given.history];
  const today = localDateIn(now, given.timeZone);
  // On a crew cycle, the history starts on the member's Day 1 (the crew's start date in their zone,
  // or their join day) and takes the crew's mode (issue 44).
  const member = crewCycle ? { ...given, mode: crewCycle.mode } : given;
  const startDate = crewCycle
    ? addDays(crewCycle.startDate, crewCycle.joinedOnDay - 1)
    : addDays(today, -letters.length);
  if (crewCycle && daysBetween(startDate, today) < letters.length)
    throw new HistoriesError(
      `${at}: ${letters.length} letters from ${startDate} run past yesterday (${addDays(today, -1)} in ${given.timeZone})`,
    );
  const rest = member.restDays.map(weekdayOfKey);
  const pausedDays = letters.filter((c) => c === 'p').length;
  if (pausedDays > PAUSE_DAYS_PER_CYCLE)
    throw new HistoriesError(
      `${at}: ${pausedDays} paused days; a cycle has at most ${PAUSE_DAYS_PER_CYCLE}`,
    );
  if (letters.length - pausedDays > CYCLE_LENGTH_DAYS)
    throw new HistoriesError(`${at}: more than ${CYCLE_LENGTH_DAYS} days of the cycle`);
  const pauses: PauseSpan[] = [];
  letters.forEach((c, i) => {
    const date = addDays(startDate, i);
    const restDay = rest.includes(isoWeekday(date));
    const letter = `letter ${i + 1} (${showDate(date)})`;
    if (member.mode === 'strict' && (c === 'r' || c === 'p'))
      throw new HistoriesError(
        `${at}: ${letter} is "${c}": a strict cycle has no rest days or pauses`,
      );
    if (c === 'r' && !restDay)
      throw new HistoriesError(`${at}: ${letter} is "r" but not one of the member's restDays`);
    if (c === '.' && restDay)
      throw new HistoriesError(
        `${at}: ${letter} is one of the member's restDays: write r, not "."`,
      );
    if (c !== 'p') return;
    const last = pauses[pauses.length - 1];
    if (last && last.end === addDays(date, -1)) last.end = date;
    else pauses.push({ start: date, end: date });
  });
  const history: StreakHistory = {
    startDate,
    mode: member.mode,
    checkins: letters.flatMap((c, i) => (c === 'x' ? [addDays(startDate, i)] : [])),
    pauses,
    restPlans: rest.length > 0 ? [{ from: startDate, weekdays: rest }] : [],
  };
  const summary = streakSummary(history, today);
  const dayOf = new Map(summary.days.map((d) => [d.date, d]));
  const checkins = history.checkins.map((date) => {
    const day = dayOf.get(date)!.day!;
    const key = String(day);
    return { date, day, photo: member.photos[key] ?? null, proof: member.proofPhotos[key] ?? null };
  });
  for (const field of ['photos', 'proofPhotos'] as const)
    for (const key of Object.keys(member[field])) {
      if (!checkins.some((c) => String(c.day) === key))
        throw new HistoriesError(`members[${index}].${field}: Day ${key} has no check-in (x)`);
    }
  const badges = summary.badgeDays.map((day) => ({
    day,
    date: summary.days.find((d) => d.mark === 'done' && d.streak === day)!.date,
  }));
  return {
    member,
    startDate,
    today,
    mode: member.mode,
    restWeekdays: rest,
    pauses,
    checkins,
    badges,
    history,
  };
}
