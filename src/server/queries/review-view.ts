import { KNOWN_BADGES, MILESTONE_DAYS, type StreakMode } from '@shared/constants';
import type {
  ReviewDayView,
  ReviewNumber,
  ReviewPhotoView,
  WeeklyReviewView,
} from '@shared/api-types';
import { consistencyScore } from '@shared/domain/consistency';
import { pauseSpans } from '@shared/domain/cycle-position';
import { streakSummary, type StreakSummary } from '@shared/domain/forgiving-streak';
import { addDays, type LocalDate } from '@shared/domain/local-date';
import { journalFirstLine, weekChange, type ReviewWeekDays } from '@shared/domain/review-weeks';
import { mediaView } from './media-urls';

// The weekly review's answer (decision 0048), shaped from its one read: the week's check-in rows,
// the aggregates over the cycle up to the week's end, and the extras (photos, badges, weight, share).

interface WeekRow {
  day_number: number;
  moved_minutes: number;
  steps: number;
  protein_target_hit: boolean;
  hydration_goal_hit: boolean;
  journal_md: string | null;
  photos: Array<[string, string, string, number]> | string | null;
}

interface AggregateRow {
  mode: StreakMode;
  rule_dates: LocalDate[] | string | null;
  rule_plans: Array<[LocalDate, number[]]> | string | null;
  totals: [number, number, number, number, number] | string;
  previous: [number, number, number, number, number] | string | null;
}

interface ExtrasRow {
  first_photo: [number, string, string, string, number] | string | null;
  last_photo: [number, string, string, string, number] | string | null;
  badges: Array<[string, string]> | string | null;
  start_kg: number | null;
  end_kg: number | null;
  shared_post_id: string | null;
}

/** The review's one read: its aggregates and extras, with the week's check-in rows as json. */
export type WeeklyReviewRead = AggregateRow & ExtrasRow & { week_rows: WeekRow[] | string };

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed here. */
const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function photoView(
  day: number,
  [id, storagePath, mimeType, sortIndex]: [string, string, string, number],
): ReviewPhotoView {
  return {
    day,
    media: mediaView({ id, storagePath, mimeType, sortIndex, mediaType: 'image' }),
  };
}

function reviewNumber(value: number, previous: number | null): ReviewNumber {
  return { value, previous, change: weekChange(value, previous) };
}

/**
 * The week's seven days, missed ones too, marked by the streak rule (a rest day, a missed day
 * forgiven), and the proof photos of those checked in.
 */
function reviewDays(
  rows: WeekRow[],
  week: ReviewWeekDays,
  marked: StreakSummary,
): { days: ReviewDayView[]; photos: ReviewPhotoView[] } {
  const byDay = new Map(rows.map((r) => [Number(r.day_number), r]));
  const markOf = new Map(marked.days.map((d) => [d.day, d]));
  const days: ReviewDayView[] = [];
  const photos: ReviewPhotoView[] = [];
  for (let day = week.firstDay; day <= week.lastDay; day++) {
    const row = byDay.get(day);
    const mark = markOf.get(day)!;
    days.push({
      day,
      date: mark.date,
      status: row ? 'done' : mark.mark === 'rest' || mark.mark === 'grace' ? mark.mark : 'missed',
      movedMinutes: row?.moved_minutes ?? 0,
      steps: row?.steps ?? 0,
      proteinTargetHit: row?.protein_target_hit ?? false,
      hydrationGoalHit: row?.hydration_goal_hit ?? false,
      journalLine: journalFirstLine(row?.journal_md ?? null),
    });
    for (const photo of json(row?.photos ?? null) ?? []) photos.push(photoView(day, photo));
  }
  return { days, photos };
}

/**
 * The streak rule on the cycle: `marked` with every check-in, so the week's days carry the marks My
 * Cycle shows (a miss on its last day forgiven the day after is a grace day); `asEnded` with the
 * check-ins up to the week's last day, the day after as today: the streaks as the week ended.
 */
function ruleOfWeek(
  aggregates: AggregateRow,
  cycle: { startDate: LocalDate; pausedDates: LocalDate[] },
  lastDate: LocalDate,
): { marked: StreakSummary; asEnded: StreakSummary } {
  const dates = json(aggregates.rule_dates) ?? [];
  const history = {
    startDate: cycle.startDate,
    mode: aggregates.mode,
    checkins: dates,
    pauses: pauseSpans(cycle.pausedDates),
    restPlans: (json(aggregates.rule_plans) ?? []).map(([from, weekdays]) => ({ from, weekdays })),
  };
  const dayAfter = addDays(lastDate, 1);
  return {
    marked: streakSummary(history, dayAfter),
    asEnded: streakSummary({ ...history, checkins: dates.filter((d) => d <= lastDate) }, dayAfter),
  };
}

/** Check-ins on the days up to the week's last, over those days less the rest days (0098). */
function weekConsistency(marked: StreakSummary, lastDate: LocalDate): number {
  const days = marked.days.filter((d) => d.date <= lastDate && d.day !== null);
  const done = days.filter((d) => d.mark === 'done').length;
  return consistencyScore(done, days.filter((d) => d.mark !== 'rest').length);
}

/** Everything a review shows, from its one read of an open week of one of the member's cycles. */
export function weeklyReviewView(
  read: WeeklyReviewRead,
  input: {
    cycle: { id: string; number: number; startDate: LocalDate; pausedDates: LocalDate[] };
    week: ReviewWeekDays;
    firstDate: LocalDate;
    lastDate: LocalDate;
    openWeeks: number;
    unitPref: 'imperial' | 'metric';
  },
): WeeklyReviewView {
  const { cycle, week, firstDate, lastDate } = input;
  const rows = json(read.week_rows) ?? [];
  const aggregates = read;
  const extras = read;

  const { marked, asEnded } = ruleOfWeek(aggregates, cycle, lastDate);
  const { days, photos } = reviewDays(rows, week, marked);

  const totals = json(aggregates.totals)!.map(Number);
  const previous = json(aggregates.previous)?.map(Number) ?? null;
  const at = (i: number) => reviewNumber(totals[i], previous ? previous[i] : null);
  const first = json(extras.first_photo);
  const last = json(extras.last_photo);
  const asPhoto = (p: NonNullable<typeof first>) =>
    photoView(Number(p[0]), [p[1], p[2], p[3], Number(p[4])]);
  const startKg = extras.start_kg === null ? null : Number(extras.start_kg);
  const endKg = extras.end_kg === null ? null : Number(extras.end_kg);

  return {
    cycleId: cycle.id,
    cycleNumber: cycle.number,
    cycleStartDate: cycle.startDate,
    week: week.week,
    final: week.final,
    firstDay: week.firstDay,
    lastDay: week.lastDay,
    firstDate,
    lastDate,
    days,
    // The final review's calendar: My Cycle's marks, paused dates between the days.
    calendar: week.final
      ? marked.days.map((d) => ({
          day: d.day,
          date: d.date,
          status: d.mark === 'today' || d.mark === 'upcoming' ? 'missed' : d.mark,
        }))
      : null,
    checkins: at(0),
    movedMinutes: at(1),
    steps: at(2),
    proteinDays: at(3),
    hydrationDays: at(4),
    currentStreak: asEnded.currentStreak,
    bestStreak: asEnded.longestStreak,
    consistency: weekConsistency(asEnded, lastDate),
    milestones: MILESTONE_DAYS.filter((d) => d >= week.firstDay && d <= week.lastDay),
    badges: (json(extras.badges) ?? []).map(([code, name]) => ({
      code,
      name,
      emoji: (KNOWN_BADGES as Record<string, { emoji: string }>)[code]?.emoji ?? null,
    })),
    photos,
    // Then and now needs two different photos: one photo is no comparison.
    thenAndNow:
      first && last && first[1] !== last[1] ? { then: asPhoto(first), now: asPhoto(last) } : null,
    unitPref: input.unitPref,
    weightChangeKg:
      startKg !== null && endKg !== null && startKg !== endKg
        ? Math.round((endKg - startKg) * 10) / 10
        : null,
    sharedPostId: extras.shared_post_id,
    previousWeek: week.week > 1 ? week.week - 1 : null,
    nextWeek: week.week < input.openWeeks ? week.week + 1 : null,
  };
}
