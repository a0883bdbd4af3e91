import type { FitnessLevel } from '@shared/constants';
import { catalogueExercise, type CatalogueExercise, type MovementPattern } from './catalogue';
import type { PlanExercise, PlanRequest } from './plan';

// The built-in planner's doses (planner.ts picks the exercises): sets, reps and minutes by level and
// aim, and how each grows from one week to the next. docs/decisions/0019-workouts.md explains each number.

/** Sets and reps by level and aim; a week adds reps up to `top`, then a set, then a harder variation. */
interface Scheme {
  sets: number;
  reps: number;
  top: number;
  maxSets: number;
}
const STRENGTH: Record<FitnessLevel, Scheme> = {
  beginner: { sets: 2, reps: 8, top: 12, maxSets: 3 },
  intermediate: { sets: 3, reps: 6, top: 10, maxSets: 4 },
  advanced: { sets: 4, reps: 5, top: 8, maxSets: 5 },
};
const CONDITIONING: Record<FitnessLevel, Scheme> = {
  beginner: { sets: 2, reps: 10, top: 15, maxSets: 3 },
  intermediate: { sets: 3, reps: 12, top: 18, maxSets: 4 },
  advanced: { sets: 3, reps: 15, top: 20, maxSets: 5 },
};
/** Minutes of a cardio, interval or mobility block by level; a week adds MINUTE_GROWTH up to the cap. */
const MINUTES: Record<'cardio' | 'intervals' | 'mobility', Record<FitnessLevel, number>> = {
  cardio: { beginner: 20, intermediate: 30, advanced: 40 },
  intervals: { beginner: 10, intermediate: 15, advanced: 20 },
  mobility: { beginner: 10, intermediate: 15, advanced: 15 },
};
const MINUTE_GROWTH = 5;
const MINUTE_CAP: Record<'cardio' | 'intervals' | 'mobility', number> = {
  cardio: 60,
  intervals: 30,
  mobility: 30,
};

/** The member's age as the plan counts it: the request's, else their health profile's. */
export function effectiveAge(request: PlanRequest): number | null {
  return request.age ?? request.health?.age ?? null;
}

function scheme(request: PlanRequest): Scheme {
  return request.goals.includes('strength') ? STRENGTH[request.level] : CONDITIONING[request.level];
}

function minutesBlock(pattern: MovementPattern): 'cardio' | 'intervals' | 'mobility' {
  return pattern === 'intervals' ? 'intervals' : pattern === 'mobility' ? 'mobility' : 'cardio';
}

/** The first week's dose of an exercise: minutes for a block, else sets and reps by level and aim. */
export function baseDose(
  e: CatalogueExercise,
  request: PlanRequest,
): Pick<PlanExercise, 'sets' | 'reps' | 'minutes'> {
  if (e.dose === 'minutes') {
    let minutes = MINUTES[minutesBlock(e.pattern)][request.level];
    // A mobility block inside a cardio or strength day is a short one.
    if (e.pattern === 'mobility') minutes = Math.min(minutes, 10);
    if (request.goals.includes('endurance') && e.pattern === 'cardio') minutes += 10;
    return { minutes };
  }
  const s = scheme(request);
  const age = effectiveAge(request);
  // Past 60, one set fewer to start: recovery is slower, the plan builds up instead.
  const sets = age !== null && age >= 60 ? Math.max(1, s.sets - 1) : s.sets;
  return { sets, reps: s.reps };
}

/**
 * Next week's dose for the same slot: more reps, then one more set, then the harder variation
 * (when the member may do it) back at the base dose. Minutes grow by a few each week.
 */
export function progressed(
  prev: PlanExercise,
  pattern: MovementPattern,
  request: PlanRequest,
  okHarder: (exercise: CatalogueExercise) => boolean,
): { exercise: CatalogueExercise; dose: Pick<PlanExercise, 'sets' | 'reps' | 'minutes'> } | null {
  const current = prev.catalogueId ? catalogueExercise(prev.catalogueId) : undefined;
  if (!current || current.pattern !== pattern || !okHarder(current)) return null;
  if (current.dose === 'minutes') {
    const cap = MINUTE_CAP[minutesBlock(current.pattern)];
    const minutes = prev.minutes ?? baseDose(current, request).minutes!;
    if (minutes + MINUTE_GROWTH <= cap)
      return { exercise: current, dose: { minutes: minutes + MINUTE_GROWTH } };
    const harder = current.harder ? catalogueExercise(current.harder) : undefined;
    if (harder && okHarder(harder)) return { exercise: harder, dose: baseDose(harder, request) };
    return { exercise: current, dose: { minutes: cap } };
  }
  const s = scheme(request);
  const sets = prev.sets ?? s.sets;
  const reps = prev.reps ?? s.reps;
  if (reps + 2 <= s.top) return { exercise: current, dose: { sets, reps: reps + 2 } };
  if (sets < s.maxSets) return { exercise: current, dose: { sets: sets + 1, reps: s.reps } };
  const harder = current.harder ? catalogueExercise(current.harder) : undefined;
  if (harder && okHarder(harder))
    return { exercise: harder, dose: { sets: Math.max(1, sets - 1), reps: s.reps } };
  return { exercise: current, dose: { sets: s.maxSets, reps: s.top } };
}
