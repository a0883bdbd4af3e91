import { msg } from '@shared/messages';
import type { Equipment } from '@shared/constants';

/** What an exercise trains; a session is a list of patterns, filled from the catalogue. */
export type MovementPattern =
  'squat' | 'hinge' | 'lunge' | 'push' | 'pull' | 'core' | 'cardio' | 'intervals' | 'mobility';

/** 1 beginner, 2 intermediate, 3 advanced. */
export type ExerciseLevel = 1 | 2 | 3;

/** Equipment an exercise can use; `home_gym` counts as dumbbells, a barbell and bands (see hasEquipment). */
type Kit = Exclude<Equipment, 'none' | 'home_gym'>;

/**
 * An exercise of the built-in planner. Its name and one-line cue are in the catalogues, by id
 * (msg.exercises, src/locales/*.json): a plan is written in the member's language (decision 0127).
 */
export interface CatalogueExercise {
  id: string;
  pattern: MovementPattern;
  level: ExerciseLevel;
  /** Any one of these is enough; empty means bodyweight, possible anywhere. */
  equipment: readonly Kit[];
  /** No jumping, running or landing: safe to offer with a sore knee, back or after surgery. */
  lowImpact: boolean;
  /** Done for sets and reps, or for minutes. */
  dose: 'reps' | 'minutes';
  /** The next harder variation, used once this one has reached its top volume. */
  harder?: string;
}

const ex = (e: CatalogueExercise) => e;

// One exercise a line reads as a table; prettier would spread each over ten lines.
// prettier-ignore
export const CATALOGUE: readonly CatalogueExercise[] = [
  // Squat
  ex({ id: 'box-squat', pattern: 'squat', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'bodyweight-squat' }),
  ex({ id: 'bodyweight-squat', pattern: 'squat', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'tempo-squat' }),
  ex({ id: 'tempo-squat', pattern: 'squat', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'jump-squat' }),
  ex({ id: 'jump-squat', pattern: 'squat', level: 3, equipment: [], lowImpact: false, dose: 'reps' }),
  ex({ id: 'band-squat', pattern: 'squat', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'goblet-squat' }),
  ex({ id: 'goblet-squat', pattern: 'squat', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'back-squat' }),
  ex({ id: 'leg-press', pattern: 'squat', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'back-squat', pattern: 'squat', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  // Hinge
  ex({ id: 'glute-bridge', pattern: 'hinge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'single-leg-bridge' }),
  ex({ id: 'single-leg-bridge', pattern: 'hinge', level: 2, equipment: [], lowImpact: true, dose: 'reps' }),
  ex({ id: 'band-good-morning', pattern: 'hinge', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-rdl' }),
  ex({ id: 'db-rdl', pattern: 'hinge', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-deadlift' }),
  ex({ id: 'back-extension', pattern: 'hinge', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'barbell-deadlift', pattern: 'hinge', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  // Lunge
  ex({ id: 'supported-split-squat', pattern: 'lunge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'reverse-lunge' }),
  ex({ id: 'reverse-lunge', pattern: 'lunge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'step-up' }),
  ex({ id: 'step-up', pattern: 'lunge', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'jump-lunge' }),
  ex({ id: 'jump-lunge', pattern: 'lunge', level: 3, equipment: [], lowImpact: false, dose: 'reps' }),
  ex({ id: 'db-walking-lunge', pattern: 'lunge', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-split-squat' }),
  ex({ id: 'barbell-split-squat', pattern: 'lunge', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  // Push
  ex({ id: 'wall-push-up', pattern: 'push', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'incline-push-up' }),
  ex({ id: 'incline-push-up', pattern: 'push', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'push-up' }),
  ex({ id: 'push-up', pattern: 'push', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'decline-push-up' }),
  ex({ id: 'decline-push-up', pattern: 'push', level: 3, equipment: [], lowImpact: true, dose: 'reps' }),
  ex({ id: 'band-press', pattern: 'push', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-bench' }),
  ex({ id: 'machine-chest-press', pattern: 'push', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'db-bench', pattern: 'push', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-bench' }),
  ex({ id: 'db-shoulder-press', pattern: 'push', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'overhead-press' }),
  ex({ id: 'barbell-bench', pattern: 'push', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'overhead-press', pattern: 'push', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  // Pull
  ex({ id: 'prone-ytw', pattern: 'pull', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'doorframe-row' }),
  ex({ id: 'doorframe-row', pattern: 'pull', level: 2, equipment: [], lowImpact: true, dose: 'reps' }),
  ex({ id: 'band-row', pattern: 'pull', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-row' }),
  ex({ id: 'lat-pulldown', pattern: 'pull', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps', harder: 'cable-row' }),
  ex({ id: 'cable-row', pattern: 'pull', level: 2, equipment: ['machines'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'db-row', pattern: 'pull', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-row' }),
  ex({ id: 'barbell-row', pattern: 'pull', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'inverted-row', pattern: 'pull', level: 3, equipment: ['outdoors'], lowImpact: true, dose: 'reps' }),
  // Core
  ex({ id: 'dead-bug', pattern: 'core', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'side-plank' }),
  ex({ id: 'side-plank', pattern: 'core', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'hollow-hold' }),
  ex({ id: 'pallof-press', pattern: 'core', level: 2, equipment: ['bands'], lowImpact: true, dose: 'reps' }),
  ex({ id: 'hollow-hold', pattern: 'core', level: 3, equipment: [], lowImpact: true, dose: 'reps' }),
  ex({ id: 'mountain-climber', pattern: 'core', level: 2, equipment: [], lowImpact: false, dose: 'reps' }),
  // Steady cardio
  ex({ id: 'brisk-walk', pattern: 'cardio', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'hill-walk' }),
  ex({ id: 'hill-walk', pattern: 'cardio', level: 2, equipment: ['outdoors'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'bike', pattern: 'cardio', level: 1, equipment: ['machines'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'elliptical', pattern: 'cardio', level: 1, equipment: ['machines'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'rower', pattern: 'cardio', level: 2, equipment: ['machines'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'jog', pattern: 'cardio', level: 2, equipment: ['outdoors'], lowImpact: false, dose: 'minutes', harder: 'tempo-run' }),
  ex({ id: 'tempo-run', pattern: 'cardio', level: 3, equipment: ['outdoors'], lowImpact: false, dose: 'minutes' }),
  // Intervals
  ex({ id: 'march-intervals', pattern: 'intervals', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'jumping-jack-intervals' }),
  ex({ id: 'bike-intervals', pattern: 'intervals', level: 2, equipment: ['machines'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'jumping-jack-intervals', pattern: 'intervals', level: 2, equipment: [], lowImpact: false, dose: 'minutes', harder: 'burpee-intervals' }),
  ex({ id: 'hill-sprints', pattern: 'intervals', level: 3, equipment: ['outdoors'], lowImpact: false, dose: 'minutes' }),
  ex({ id: 'burpee-intervals', pattern: 'intervals', level: 3, equipment: [], lowImpact: false, dose: 'minutes' }),
  // Mobility
  ex({ id: 'mobility-flow', pattern: 'mobility', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'yoga-flow' }),
  ex({ id: 'band-shoulder-mobility', pattern: 'mobility', level: 1, equipment: ['bands'], lowImpact: true, dose: 'minutes' }),
  ex({ id: 'yoga-flow', pattern: 'mobility', level: 2, equipment: [], lowImpact: true, dose: 'minutes' }),
];

const byId = new Map(CATALOGUE.map((e) => [e.id, e]));

/** The exercise's name and cue in the current locale (the member's, in their request). */
export function exerciseWords(exercise: CatalogueExercise): { name: string; cue: string } {
  const words = (msg.exercises as Readonly<Record<string, { name: string; cue: string }>>)[
    exercise.id
  ];
  return { name: words.name, cue: words.cue };
}

export function catalogueExercise(id: string): CatalogueExercise | undefined {
  return byId.get(id);
}

/** Whether the member's equipment covers this exercise. */
export function hasEquipment(
  exercise: CatalogueExercise,
  equipment: readonly Equipment[],
): boolean {
  if (exercise.equipment.length === 0) return true;
  const kit = new Set<string>(equipment);
  if (kit.has('home_gym')) for (const k of ['dumbbells', 'barbell', 'bands']) kit.add(k);
  return exercise.equipment.some((k) => kit.has(k));
}
