import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { workoutPrefs, workoutWeeks } from '../../../db/schema';
import { iso } from './export-values';

// The export's workout sections, one reader each: the member's preferences and their weekly plans.

/** Workout preferences and plans. */
export async function readWorkoutSections(db: DbOrTx, userId: string) {
  return {
    workoutPreferences: await readWorkoutPreferences(db, userId),
    workoutWeeks: await readWorkoutWeeks(db, userId),
  };
}

async function readWorkoutPreferences(db: DbOrTx, userId: string) {
  const [prefs] = await db.select().from(workoutPrefs).where(eq(workoutPrefs.userId, userId));
  return prefs
    ? {
        fitnessLevel: prefs.fitnessLevel,
        age: prefs.age,
        equipment: prefs.equipment,
        stepTracker: prefs.stepTracker,
        goals: prefs.goals,
        notes: prefs.notes,
      }
    : null;
}

async function readWorkoutWeeks(db: DbOrTx, userId: string) {
  const weekRows = await db
    .select()
    .from(workoutWeeks)
    .where(eq(workoutWeeks.userId, userId))
    .orderBy(asc(workoutWeeks.weekIndex));
  return weekRows.map((w) => ({
    weekIndex: w.weekIndex,
    planMd: w.planMd,
    generatedAt: iso(w.generatedAt),
  }));
}
