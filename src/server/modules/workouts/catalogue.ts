import type { Equipment } from '@shared/constants';

/** What an exercise trains; a session is a list of patterns, filled from the catalogue. */
export type MovementPattern =
  'squat' | 'hinge' | 'lunge' | 'push' | 'pull' | 'core' | 'cardio' | 'intervals' | 'mobility';

/** 1 beginner, 2 intermediate, 3 advanced. */
export type ExerciseLevel = 1 | 2 | 3;

/** Equipment an exercise can use; `home_gym` counts as dumbbells, a barbell and bands (see hasEquipment). */
type Kit = Exclude<Equipment, 'none' | 'home_gym'>;

export interface CatalogueExercise {
  id: string;
  name: string;
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
  cue: string;
}

const ex = (e: CatalogueExercise) => e;

// One exercise a line reads as a table; prettier would spread each over ten lines.
// prettier-ignore
export const CATALOGUE: readonly CatalogueExercise[] = [
  // Squat
  ex({ id: 'box-squat', name: 'Box squat to a chair', pattern: 'squat', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'bodyweight-squat', cue: 'Sit back to the chair, stand tall' }),
  ex({ id: 'bodyweight-squat', name: 'Bodyweight squat', pattern: 'squat', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'tempo-squat', cue: 'Knees track over toes' }),
  ex({ id: 'tempo-squat', name: 'Tempo squat (3 s down)', pattern: 'squat', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'jump-squat', cue: 'Slow on the way down' }),
  ex({ id: 'jump-squat', name: 'Jump squat', pattern: 'squat', level: 3, equipment: [], lowImpact: false, dose: 'reps', cue: 'Land softly' }),
  ex({ id: 'band-squat', name: 'Banded squat', pattern: 'squat', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'goblet-squat', cue: 'Push knees out against the band' }),
  ex({ id: 'goblet-squat', name: 'Goblet squat', pattern: 'squat', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'back-squat', cue: 'Elbows inside the knees' }),
  ex({ id: 'leg-press', name: 'Leg press', pattern: 'squat', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps', cue: 'Feet flat, full range' }),
  ex({ id: 'back-squat', name: 'Barbell back squat', pattern: 'squat', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Brace before each rep' }),
  // Hinge
  ex({ id: 'glute-bridge', name: 'Glute bridge', pattern: 'hinge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'single-leg-bridge', cue: 'Squeeze at the top' }),
  ex({ id: 'single-leg-bridge', name: 'Single-leg glute bridge', pattern: 'hinge', level: 2, equipment: [], lowImpact: true, dose: 'reps', cue: 'Hips level' }),
  ex({ id: 'band-good-morning', name: 'Band good morning', pattern: 'hinge', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-rdl', cue: 'Hinge at the hips, flat back' }),
  ex({ id: 'db-rdl', name: 'Dumbbell Romanian deadlift', pattern: 'hinge', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-deadlift', cue: 'Weights close to the legs' }),
  ex({ id: 'back-extension', name: 'Back extension machine', pattern: 'hinge', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps', cue: 'Move through the hips' }),
  ex({ id: 'barbell-deadlift', name: 'Barbell deadlift', pattern: 'hinge', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Bar over mid-foot, push the floor away' }),
  // Lunge
  ex({ id: 'supported-split-squat', name: 'Supported split squat', pattern: 'lunge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'reverse-lunge', cue: 'Hold a wall for balance' }),
  ex({ id: 'reverse-lunge', name: 'Reverse lunge', pattern: 'lunge', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'step-up', cue: 'Step back, front shin upright' }),
  ex({ id: 'step-up', name: 'Step-up', pattern: 'lunge', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'jump-lunge', cue: 'Drive through the top foot' }),
  ex({ id: 'jump-lunge', name: 'Jumping lunge', pattern: 'lunge', level: 3, equipment: [], lowImpact: false, dose: 'reps', cue: 'Switch legs in the air, land softly' }),
  ex({ id: 'db-walking-lunge', name: 'Dumbbell walking lunge', pattern: 'lunge', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-split-squat', cue: 'Long, steady steps' }),
  ex({ id: 'barbell-split-squat', name: 'Barbell split squat', pattern: 'lunge', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Torso tall' }),
  // Push
  ex({ id: 'wall-push-up', name: 'Wall push-up', pattern: 'push', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'incline-push-up', cue: 'Body in one line' }),
  ex({ id: 'incline-push-up', name: 'Incline push-up', pattern: 'push', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'push-up', cue: 'Hands on a bench or counter' }),
  ex({ id: 'push-up', name: 'Push-up', pattern: 'push', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'decline-push-up', cue: 'Chest to the floor' }),
  ex({ id: 'decline-push-up', name: 'Decline push-up', pattern: 'push', level: 3, equipment: [], lowImpact: true, dose: 'reps', cue: 'Feet raised, core tight' }),
  ex({ id: 'band-press', name: 'Band chest press', pattern: 'push', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-bench', cue: 'Band anchored behind you' }),
  ex({ id: 'machine-chest-press', name: 'Machine chest press', pattern: 'push', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps', cue: 'Shoulders down and back' }),
  ex({ id: 'db-bench', name: 'Dumbbell bench press', pattern: 'push', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-bench', cue: 'Control the lowering' }),
  ex({ id: 'db-shoulder-press', name: 'Dumbbell shoulder press', pattern: 'push', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'overhead-press', cue: 'Ribs down' }),
  ex({ id: 'barbell-bench', name: 'Barbell bench press', pattern: 'push', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Feet planted, bar to mid-chest' }),
  ex({ id: 'overhead-press', name: 'Barbell overhead press', pattern: 'push', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Squeeze glutes, press straight up' }),
  // Pull
  ex({ id: 'prone-ytw', name: 'Prone Y-T-W raise', pattern: 'pull', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'doorframe-row', cue: 'Lift with the upper back' }),
  ex({ id: 'doorframe-row', name: 'Doorframe row', pattern: 'pull', level: 2, equipment: [], lowImpact: true, dose: 'reps', cue: 'Lean back, pull chest to the frame' }),
  ex({ id: 'band-row', name: 'Band row', pattern: 'pull', level: 1, equipment: ['bands'], lowImpact: true, dose: 'reps', harder: 'db-row', cue: 'Elbows to the ribs' }),
  ex({ id: 'lat-pulldown', name: 'Lat pulldown', pattern: 'pull', level: 1, equipment: ['machines'], lowImpact: true, dose: 'reps', harder: 'cable-row', cue: 'Bar to the upper chest' }),
  ex({ id: 'cable-row', name: 'Seated cable row', pattern: 'pull', level: 2, equipment: ['machines'], lowImpact: true, dose: 'reps', cue: 'Squeeze shoulder blades' }),
  ex({ id: 'db-row', name: 'One-arm dumbbell row', pattern: 'pull', level: 2, equipment: ['dumbbells'], lowImpact: true, dose: 'reps', harder: 'barbell-row', cue: 'Flat back, pull to the hip' }),
  ex({ id: 'barbell-row', name: 'Barbell bent-over row', pattern: 'pull', level: 3, equipment: ['barbell'], lowImpact: true, dose: 'reps', cue: 'Hinge, pull to the belly' }),
  ex({ id: 'inverted-row', name: 'Inverted row on a low bar', pattern: 'pull', level: 3, equipment: ['outdoors'], lowImpact: true, dose: 'reps', cue: 'Body straight, chest to the bar' }),
  // Core
  ex({ id: 'dead-bug', name: 'Dead bug', pattern: 'core', level: 1, equipment: [], lowImpact: true, dose: 'reps', harder: 'side-plank', cue: 'Low back stays down' }),
  ex({ id: 'side-plank', name: 'Side plank hip dips, each side', pattern: 'core', level: 2, equipment: [], lowImpact: true, dose: 'reps', harder: 'hollow-hold', cue: 'Hips high' }),
  ex({ id: 'pallof-press', name: 'Band Pallof press', pattern: 'core', level: 2, equipment: ['bands'], lowImpact: true, dose: 'reps', cue: 'Resist the twist' }),
  ex({ id: 'hollow-hold', name: 'Hollow body rocks', pattern: 'core', level: 3, equipment: [], lowImpact: true, dose: 'reps', cue: 'Ribs down, legs long' }),
  ex({ id: 'mountain-climber', name: 'Mountain climbers', pattern: 'core', level: 2, equipment: [], lowImpact: false, dose: 'reps', cue: 'Quick feet, steady hips' }),
  // Steady cardio
  ex({ id: 'brisk-walk', name: 'Brisk walk', pattern: 'cardio', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'hill-walk', cue: 'Breathing harder, still able to talk' }),
  ex({ id: 'hill-walk', name: 'Hill or stair walk', pattern: 'cardio', level: 2, equipment: ['outdoors'], lowImpact: true, dose: 'minutes', cue: 'Steady pace uphill' }),
  ex({ id: 'bike', name: 'Stationary bike', pattern: 'cardio', level: 1, equipment: ['machines'], lowImpact: true, dose: 'minutes', cue: 'Easy to moderate effort' }),
  ex({ id: 'elliptical', name: 'Elliptical', pattern: 'cardio', level: 1, equipment: ['machines'], lowImpact: true, dose: 'minutes', cue: 'Steady rhythm' }),
  ex({ id: 'rower', name: 'Rowing machine', pattern: 'cardio', level: 2, equipment: ['machines'], lowImpact: true, dose: 'minutes', cue: 'Legs, then body, then arms' }),
  ex({ id: 'jog', name: 'Easy jog', pattern: 'cardio', level: 2, equipment: ['outdoors'], lowImpact: false, dose: 'minutes', harder: 'tempo-run', cue: 'Conversational pace' }),
  ex({ id: 'tempo-run', name: 'Tempo run', pattern: 'cardio', level: 3, equipment: ['outdoors'], lowImpact: false, dose: 'minutes', cue: 'Comfortably hard' }),
  // Intervals
  ex({ id: 'march-intervals', name: 'Low-impact intervals (march, step jacks, squat to calf raise)', pattern: 'intervals', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'jumping-jack-intervals', cue: '30 s on, 30 s easy' }),
  ex({ id: 'bike-intervals', name: 'Bike intervals', pattern: 'intervals', level: 2, equipment: ['machines'], lowImpact: true, dose: 'minutes', cue: '30 s hard, 90 s easy' }),
  ex({ id: 'jumping-jack-intervals', name: 'Jumping jack and high-knee intervals', pattern: 'intervals', level: 2, equipment: [], lowImpact: false, dose: 'minutes', harder: 'burpee-intervals', cue: '40 s on, 20 s easy' }),
  ex({ id: 'hill-sprints', name: 'Hill sprints', pattern: 'intervals', level: 3, equipment: ['outdoors'], lowImpact: false, dose: 'minutes', cue: '15 s uphill, walk down' }),
  ex({ id: 'burpee-intervals', name: 'Burpee intervals', pattern: 'intervals', level: 3, equipment: [], lowImpact: false, dose: 'minutes', cue: '30 s on, 30 s easy' }),
  // Mobility
  ex({ id: 'mobility-flow', name: 'Hip and upper-back mobility flow', pattern: 'mobility', level: 1, equipment: [], lowImpact: true, dose: 'minutes', harder: 'yoga-flow', cue: 'Slow, easy breathing' }),
  ex({ id: 'band-shoulder-mobility', name: 'Band shoulder dislocates and pull-aparts', pattern: 'mobility', level: 1, equipment: ['bands'], lowImpact: true, dose: 'minutes', cue: 'Wide grip, no pain' }),
  ex({ id: 'yoga-flow', name: 'Yoga flow', pattern: 'mobility', level: 2, equipment: [], lowImpact: true, dose: 'minutes', cue: 'Hold each pose 3 breaths' }),
];

const byId = new Map(CATALOGUE.map((e) => [e.id, e]));

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
