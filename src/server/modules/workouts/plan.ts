import {
  type Equipment,
  type FitnessGoal,
  type FitnessLevel,
  type StepTracker,
} from '@shared/constants';
import type { HealthProfileView } from '@shared/api-types';
import { addDays, type LocalDate } from '@shared/domain/local-date';
import { formatDate, formatList, formatNumber, formatWeekdayDate } from '@shared/format';
import type { Locale } from '@shared/i18n/locales';
import { msg } from '@shared/messages';

/** One line of a session: sets and reps, or minutes. */
export interface PlanExercise {
  name: string;
  sets?: number;
  reps?: number;
  minutes?: number;
  cue?: string;
  /** The catalogue entry it came from (built-in planner only): next week progresses from it. */
  catalogueId?: string;
  /** Where it sits in the week ('d1-s0'), so next week finds the same slot. */
  slot?: string;
}

export interface PlanDay {
  /** 1 (Monday) to 7 (Sunday). */
  day: number;
  title: string;
  rest: boolean;
  exercises: PlanExercise[];
}

/** A week's plan as data; stored beside its markdown so the next week can build on it. */
export interface WeekPlan {
  engine: 'ai' | 'planner';
  level: FitnessLevel;
  stepTarget: number;
  days: PlanDay[];
  /** Short lines shown under 'Notes': safety, progression, fallback. */
  notes: string[];
}

/** The health profile as the engines get it: the age, not the birth year; nothing about sharing. */
export type PlanHealth = Omit<
  HealthProfileView,
  'birthYear' | 'socialShareWeight' | 'updatedAt'
> & {
  age: number | null;
};

/** The member's health profile for the engines, with their age in `year`. */
export function planHealth(health: HealthProfileView, year: number): PlanHealth {
  const { birthYear, socialShareWeight: _shares, updatedAt: _saved, ...body } = health;
  return { age: birthYear ? year - birthYear : null, ...body };
}

/** What both engines get: the member's preferences and what we know about them. */
export interface PlanRequest {
  level: FitnessLevel;
  age: number | null;
  equipment: Equipment[];
  stepTracker: StepTracker;
  goals: FitnessGoal[];
  notes: string | null;
  health: PlanHealth | null;
  /** Recent check-ins, newest first. */
  recentCheckins: { date: LocalDate; movedMinutes: number; steps: number }[];
  /** The Monday of the member's calendar week: a second plan that week replaces the first. */
  weekStart: LocalDate;
  /** The member's today: day 1 of the plan, so a plan made on a Thursday starts that Thursday. */
  startDate: LocalDate;
  /** The member's previous week, when there is one. */
  previous: WeekPlan | null;
  /** The language the plan is written in, the member's (issue 47): the AI is asked to answer in it. */
  language: Locale;
}

/**
 * Text from outside the planner (an AI model's words) goes into markdown as plain text: no links
 * (addresses are dropped; `@` and `:` are escaped so GFM cannot autolink), images, emphasis or table
 * breaks can be smuggled in, whatever the model was talked into writing.
 */
export function plainText(text: string, max = 120): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/gi, '')
    .slice(0, max)
    .replace(/[\\`*_{}[\]<>#|~@:]/g, (c) => `\\${c}`)
    .trim();
}

function dose(e: PlanExercise): { sets: string; work: string } {
  if (e.minutes) return { sets: '1', work: msg.planner.doseMinutes(formatNumber(e.minutes)) };
  return { sets: formatNumber(e.sets ?? 1), work: msg.planner.doseReps(formatNumber(e.reps ?? 1)) };
}

/**
 * The plan as the member reads it: headings, a list of the week's facts, a table per training day,
 * in the current locale (the member's: the plan is made in their request).
 */
export function planMarkdown(plan: WeekPlan, request: PlanRequest): string {
  const sessions = plan.days.filter((d) => !d.rest);
  const goals = request.goals.length
    ? formatList(request.goals.map((g) => msg.options.fitnessGoal[g]))
    : msg.planner.generalFitness;
  const kit = request.equipment.filter((e) => e !== 'none');
  const p = msg.planner;
  const lines: string[] = [
    `# ${p.planTitle(formatDate(request.startDate))}`,
    '',
    `- **${p.levelLabel}:** ${msg.options.fitnessLevel[plan.level]}`,
    `- **${p.sessionsLabel}:** ${p.sessionsValue(sessions.length)}`,
    `- **${p.stepTargetLabel}:** ${p.stepTargetValue(formatNumber(plan.stepTarget), stepTrackerHint(request.stepTracker))}`,
    `- **${p.goalsLabel}:** ${goals}`,
    `- **${p.equipmentLabel}:** ${kit.length ? formatList(kit.map((e) => msg.options.equipment[e])) : p.noEquipment}`,
    `- **${p.madeByLabel}:** ${plan.engine === 'ai' ? p.madeByAi : p.madeByPlanner}`,
    '',
  ];
  for (const day of plan.days) {
    const date = formatWeekdayDate(addDays(request.startDate, day.day - 1));
    lines.push(`## ${p.dayHeading(day.day, date, plainText(day.title, 60))}`, '');
    if (day.rest || day.exercises.length === 0) {
      lines.push(`- ${p.restDay}`, '');
      continue;
    }
    // Three columns, the cue beside the name: the table stays readable on a 375 px phone.
    lines.push(
      `| ${p.exerciseColumn} | ${p.setsColumn} | ${p.workColumn} |`,
      '| --- | --- | --- |',
    );
    for (const e of day.exercises) {
      const d = dose(e);
      const cue = e.cue ? ` · _${plainText(e.cue, 80)}_` : '';
      lines.push(`| ${plainText(e.name, 80)}${cue} | ${d.sets} | ${d.work} |`);
    }
    lines.push('');
  }
  if (plan.notes.length) {
    lines.push(`## ${p.notesHeading}`, '');
    for (const note of plan.notes) lines.push(`- ${plainText(note, 240)}`);
    lines.push('');
  }
  return lines.join('\n');
}

function stepTrackerHint(tracker: StepTracker): string {
  return tracker === 'none' ? msg.planner.trackerNone : msg.planner.trackerWith(tracker);
}
