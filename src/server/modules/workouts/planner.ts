import type { FitnessGoal, FitnessLevel } from '@shared/constants';
import { msg } from '@shared/messages';
import {
  CATALOGUE,
  exerciseWords,
  hasEquipment,
  type CatalogueExercise,
  type ExerciseLevel,
  type MovementPattern,
} from './catalogue';
import type { PlanDay, PlanExercise, PlanRequest, WeekPlan } from './plan';
import { baseDose, effectiveAge, progressed } from './planner-doses';

// The built-in planner: rules, no network. docs/decisions/0019-workouts.md explains each number; the
// doses and their weekly growth are in planner-doses.ts.

/** Words in the notes or health constraints that make the whole plan low-impact. */
export const INJURY_WORDS = [
  'injur',
  'knee',
  'back',
  'hip',
  'ankle',
  'shoulder',
  'pain',
  'surgery',
  'operation',
  'arthritis',
  'sprain',
  'tendon',
  'hernia',
  'pregnan',
  'osteopor',
  'sciatica',
  'disc',
] as const;

const LEVEL_NUMBER: Record<FitnessLevel, ExerciseLevel> = {
  beginner: 1,
  intermediate: 2,
  advanced: 3,
};

/** Sessions per week by level; age and goals adjust it (sessionsPerWeek). */
const BASE_SESSIONS: Record<FitnessLevel, number> = { beginner: 3, intermediate: 4, advanced: 5 };
const BASE_STEPS: Record<FitnessLevel, number> = {
  beginner: 6000,
  intermediate: 8000,
  advanced: 10000,
};
const STEP_GROWTH = 500;
const STEP_CAP = 14000;

type SessionKind = 'full' | 'upper' | 'lower' | 'cardio' | 'intervals' | 'mobility';

const SESSION_PATTERNS: Record<SessionKind, MovementPattern[]> = {
  full: ['squat', 'push', 'hinge', 'pull', 'core'],
  upper: ['push', 'pull', 'push', 'pull', 'core'],
  lower: ['squat', 'hinge', 'lunge', 'core'],
  cardio: ['cardio', 'mobility'],
  intervals: ['intervals', 'core', 'mobility'],
  mobility: ['mobility', 'core'],
};

/** Training days (1 = Monday) for a number of sessions, spread so hard days rarely touch. */
const DAYS_FOR: Record<number, number[]> = {
  2: [1, 4],
  3: [1, 3, 5],
  4: [1, 2, 4, 6],
  5: [1, 2, 4, 5, 6],
  6: [1, 2, 3, 4, 5, 6],
};

export function mentionsInjury(request: PlanRequest): string | null {
  const text = `${request.notes ?? ''} ${request.health?.constraints ?? ''}`.toLowerCase();
  return INJURY_WORDS.find((w) => text.includes(w)) ?? null;
}

function sessionsPerWeek(request: PlanRequest): number {
  let n = BASE_SESSIONS[request.level];
  if (request.goals.includes('mobility') || request.goals.includes('endurance')) n += 1;
  const age = effectiveAge(request);
  if (age !== null && age >= 60) n = Math.min(n, 4);
  return Math.max(2, Math.min(6, n));
}

/** The week's sessions, from goals: strength days first, then the cardio the goals ask for. */
function sessionKinds(request: PlanRequest, count: number): SessionKind[] {
  const goals = new Set<FitnessGoal>(request.goals.length ? request.goals : ['feel_better']);
  const strengthDays = goals.has('strength')
    ? Math.ceil(count * 0.6)
    : goals.has('endurance') && !goals.has('fat_loss')
      ? Math.max(1, Math.floor(count / 3))
      : Math.max(1, Math.round(count / 2));
  const strength: SessionKind[] =
    strengthDays >= 4 && request.level !== 'beginner'
      ? Array.from({ length: strengthDays }, (_, i) => (i % 2 === 0 ? 'upper' : 'lower'))
      : Array.from({ length: strengthDays }, () => 'full');
  const others: SessionKind[] = [];
  const pool: SessionKind[] = [];
  if (goals.has('fat_loss')) pool.push('intervals');
  if (goals.has('endurance')) pool.push('cardio');
  if (goals.has('mobility')) pool.push('mobility');
  if (goals.has('feel_better')) pool.push('cardio', 'mobility');
  if (goals.has('strength') && pool.length === 0) pool.push('cardio');
  for (let i = 0; strength.length + others.length < count; i++) others.push(pool[i % pool.length]);
  // Alternate strength with the rest, so two strength days rarely follow each other.
  const week: SessionKind[] = [];
  while (strength.length || others.length) {
    if (strength.length) week.push(strength.shift()!);
    if (others.length) week.push(others.shift()!);
  }
  return week;
}

/**
 * What the member may be given: their equipment, low-impact when needed, and their level (one level
 * more for a harder variation they have earned by progressing).
 */
function allowed(request: PlanRequest, lowImpactOnly: boolean, levelBonus = 0) {
  const level = LEVEL_NUMBER[request.level] + levelBonus;
  return (e: CatalogueExercise) =>
    e.level <= level && hasEquipment(e, request.equipment) && (!lowImpactOnly || e.lowImpact);
}

/** The hardest fitting exercises for a pattern, rotated by `turn` so sessions in a week vary. */
function pick(
  pattern: MovementPattern,
  ok: (e: CatalogueExercise) => boolean,
  turn: number,
  taken: Set<string>,
): CatalogueExercise | undefined {
  const fits = CATALOGUE.filter((e) => e.pattern === pattern && ok(e));
  if (!fits.length) return undefined;
  const top = Math.max(...fits.map((e) => e.level));
  // Equipment work first (it carries load), then the rest, at the member's best level.
  const ranked = [...fits].sort(
    (a, b) =>
      Number(b.level === top) - Number(a.level === top) ||
      b.equipment.length - a.equipment.length ||
      b.level - a.level,
  );
  const fresh = ranked.filter((e) => !taken.has(e.id));
  const list = fresh.length ? fresh : ranked;
  const loaded = (e: CatalogueExercise) => e.equipment.length > 0;
  const best = list.filter((e) => e.level === list[0].level && loaded(e) === loaded(list[0]));
  return best[turn % best.length];
}

/** Steps a day: level base, adjusted by goals, age and the member's usual steps; up each week. */
function stepTarget(request: PlanRequest): number {
  if (request.previous) return Math.min(STEP_CAP, request.previous.stepTarget + STEP_GROWTH);
  let steps = BASE_STEPS[request.level];
  if (request.goals.includes('fat_loss')) steps += 1000;
  if (request.goals.includes('endurance')) steps += 500;
  const age = effectiveAge(request);
  if (age !== null && age >= 65) steps -= 1000;
  const usual = request.health?.baselineSteps ?? averageSteps(request);
  // Start near what the member already walks, never far above it.
  if (usual !== null && usual > 0) steps = Math.min(steps, Math.max(usual + 1000, 4000));
  return Math.round(steps / 500) * 500;
}

function averageSteps(request: PlanRequest): number | null {
  const days = request.recentCheckins.filter((c) => c.steps > 0);
  if (days.length < 3) return null;
  return days.reduce((sum, c) => sum + c.steps, 0) / days.length;
}

/** The built-in planner: a week of sessions from the catalogue, built on the previous week. */
export function planWeek(request: PlanRequest): WeekPlan {
  const injury = mentionsInjury(request);
  const age = effectiveAge(request);
  const lowImpactOnly = injury !== null || (age !== null && age >= 65);
  const ok = allowed(request, lowImpactOnly);
  const okHarder = allowed(request, lowImpactOnly, 1);
  const count = sessionsPerWeek(request);
  const kinds = sessionKinds(request, count);
  const trainingDays = DAYS_FOR[count];
  const previousSlots = new Map(
    (request.previous?.days ?? []).flatMap((d) =>
      d.exercises.filter((e) => e.slot).map((e) => [e.slot!, e] as const),
    ),
  );
  let progressedCount = 0;
  const days: PlanDay[] = [];
  for (let day = 1; day <= 7; day++) {
    const at = trainingDays.indexOf(day);
    if (at === -1) {
      days.push({ day, title: msg.planner.restTitle, rest: true, exercises: [] });
      continue;
    }
    const kind = kinds[at];
    // The second full-body day of the week gets other exercises than the first, where there are any.
    const turn = kinds.slice(0, at).filter((k) => k === kind).length;
    const taken = new Set<string>();
    const exercises: PlanExercise[] = [];
    SESSION_PATTERNS[kind].forEach((pattern, i) => {
      const slot = `d${day}-s${i}`;
      const prev = previousSlots.get(slot);
      const next = prev ? progressed(prev, pattern, request, okHarder) : null;
      const chosen = next?.exercise ?? pick(pattern, ok, turn, taken);
      if (!chosen || (next === null && taken.has(chosen.id))) return;
      if (next) progressedCount++;
      taken.add(chosen.id);
      const { name, cue } = exerciseWords(chosen);
      exercises.push({
        name,
        ...(next?.dose ?? baseDose(chosen, request)),
        cue,
        catalogueId: chosen.id,
        slot,
      });
    });
    days.push({ day, title: msg.planner.sessionTitles[kind], rest: false, exercises });
  }
  // The planner's words in the current locale, the member's (issue 47).
  const notes: string[] = [msg.planner.warmUp];
  if (injury) notes.push(msg.planner.injuryNote(injury));
  else if (lowImpactOnly) notes.push(msg.planner.lowImpactNote);
  if (progressedCount) notes.push(msg.planner.progressedNote);
  return { engine: 'planner', level: request.level, stepTarget: stepTarget(request), days, notes };
}
