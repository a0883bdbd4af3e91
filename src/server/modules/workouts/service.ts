/**
 * AI Workouts: the member's preferences and their weekly plans (docs/decisions/0019-workouts.md).
 * Same shape as modules/checkins/service.ts: `verb(ctx, input)`, authorization first, time from ctx.
 */
import { and, desc, eq, lt, max } from 'drizzle-orm';
import {
  WORKOUT_AI_CALLS_PER_HOUR,
  WORKOUT_AI_TIMEOUT_MS,
  WORKOUT_GENERATIONS_PER_DAY,
  WORKOUT_GENERATIONS_PER_HOUR,
  type Equipment,
  type FitnessGoal,
  type FitnessLevel,
  type StepTracker,
} from '@shared/constants';
import type {
  GenerateWorkoutResponse,
  WorkoutPrefsResponse,
  WorkoutPrefsView,
  WorkoutWeekView,
  WorkoutWeeksResponse,
} from '@shared/api-types';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { WorkoutPrefsData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { checkins, workoutPrefs, workoutWeeks } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { enforce, hit, refund, type Limit } from '../../lib/rate-limit';
import { memberTimeZone } from '../../queries/cycles';
import { getHealth } from '../profile/health';
import { AiPlanError, aiWeekPlan } from './ai-engine';
import { planHealth, planMarkdown, type PlanRequest, type WeekPlan } from './plan';
import { currentLocale } from '@shared/i18n/translate';
import { planWeek } from './planner';

/** How many recent check-ins the engines see. */
const RECENT_CHECKINS = 14;

type PrefsRow = typeof workoutPrefs.$inferSelect;
type WeekRow = typeof workoutWeeks.$inferSelect;

function prefsView(row: PrefsRow): WorkoutPrefsView {
  return {
    fitnessLevel: row.fitnessLevel as FitnessLevel,
    age: row.age,
    equipment: row.equipment as Equipment[],
    stepTracker: row.stepTracker as StepTracker,
    goals: row.goals as FitnessGoal[],
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function weekView(
  row: Pick<WeekRow, 'id' | 'weekIndex' | 'planMd' | 'generatedAt'>,
): WorkoutWeekView {
  return {
    id: row.id,
    weekIndex: row.weekIndex,
    planMd: row.planMd,
    generatedAt: row.generatedAt.toISOString(),
  };
}

/** The Monday of the calendar week `date` falls in. */
export function mondayOf(date: LocalDate): LocalDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

async function upsertPrefs(db: DbOrTx, userId: string, input: WorkoutPrefsData, now: Date) {
  const values = {
    fitnessLevel: input.fitnessLevel,
    age: input.age ?? null,
    equipment: [...new Set(input.equipment)],
    stepTracker: input.stepTracker,
    goals: [...new Set(input.goals)],
    notes: input.notes || null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(workoutPrefs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: workoutPrefs.userId, set: values })
    .returning();
  return row;
}

/** The saved preferences, or null before the first save. */
export async function getPrefs(ctx: ServiceContext): Promise<WorkoutPrefsResponse> {
  const member = requireMember(ctx);
  const [row] = await ctx.db
    .select()
    .from(workoutPrefs)
    .where(eq(workoutPrefs.userId, member.userId))
    .limit(1);
  return { prefs: row ? prefsView(row) : null };
}

/** Creates or replaces the member's one row of preferences. */
export async function savePrefs(
  ctx: ServiceContext,
  input: WorkoutPrefsData,
): Promise<WorkoutPrefsResponse> {
  const member = requireMember(ctx);
  const row = await upsertPrefs(ctx.db, member.userId, input, ctx.now());
  return { prefs: prefsView(row) };
}

/** The member's plans, newest week first. */
export async function listWeeks(ctx: ServiceContext): Promise<WorkoutWeeksResponse> {
  const member = requireMember(ctx);
  const rows = await ctx.db
    .select({
      id: workoutWeeks.id,
      weekIndex: workoutWeeks.weekIndex,
      planMd: workoutWeeks.planMd,
      generatedAt: workoutWeeks.generatedAt,
    })
    .from(workoutWeeks)
    .where(eq(workoutWeeks.userId, member.userId))
    .orderBy(desc(workoutWeeks.weekIndex));
  return { weeks: rows.map(weekView) };
}

const generationLimits = (userId: string): Limit[] => [
  {
    key: `workout-generate:hour:${userId}`,
    max: WORKOUT_GENERATIONS_PER_HOUR,
    windowSeconds: 3600,
  },
  { key: `workout-generate:day:${userId}`, max: WORKOUT_GENERATIONS_PER_DAY, windowSeconds: 86400 },
];

/**
 * Saves the preferences and makes this calendar week's plan (in the member's time zone). A second
 * plan in the same week replaces the first and keeps its week number; a new week takes the next
 * number. The engine runs outside any transaction (an AI call can take seconds); the plan is then
 * written under a lock on the member's preferences row, so two racing requests cannot both add a week.
 */
export async function generateWeek(
  ctx: ServiceContext,
  input: WorkoutPrefsData,
): Promise<GenerateWorkoutResponse> {
  const member = requireMember(ctx, msg.signInToGenerateWorkouts);
  const now = ctx.now();
  const limits = generationLimits(member.userId);
  // The limit is counted with the preferences' save: a refused request saves nothing.
  await withTransaction(ctx, async (ctx) => {
    await enforce(ctx.db, limits, { now, message: msg.workoutGenerationLimited });
    await upsertPrefs(ctx.db, member.userId, input, now);
  });
  try {
    const request = await planRequest(ctx, member.userId, input, now);
    const { plan, engine } = await makePlan(ctx, request, now);
    const planMd = planMarkdown(plan, request);
    return await withTransaction(ctx, async (ctx) => {
      await ctx.db
        .select({ userId: workoutPrefs.userId })
        .from(workoutPrefs)
        .where(eq(workoutPrefs.userId, member.userId))
        .for('update');
      const [existing] = await ctx.db
        .select({ id: workoutWeeks.id })
        .from(workoutWeeks)
        .where(
          and(
            eq(workoutWeeks.userId, member.userId),
            eq(workoutWeeks.weekStart, request.weekStart),
          ),
        )
        .limit(1);
      if (existing) {
        const [row] = await ctx.db
          .update(workoutWeeks)
          .set({ planMd, plan, generatedAt: now })
          .where(eq(workoutWeeks.id, existing.id))
          .returning();
        return { week: weekView(row), replaced: true, engine };
      }
      const [{ last }] = await ctx.db
        .select({ last: max(workoutWeeks.weekIndex) })
        .from(workoutWeeks)
        .where(eq(workoutWeeks.userId, member.userId));
      const [row] = await ctx.db
        .insert(workoutWeeks)
        .values({
          userId: member.userId,
          weekIndex: (last ?? 0) + 1,
          weekStart: request.weekStart,
          planMd,
          plan,
          generatedAt: now,
        })
        .returning();
      return { week: weekView(row), replaced: false, engine };
    });
  } catch (error) {
    // Not the member's doing (the engines never throw; this is the database): give the hit back.
    for (const limit of limits) await refund(ctx.db, limit);
    throw error;
  }
}

/** Everything the engines get: preferences, health profile, recent check-ins, last week's plan. */
async function planRequest(
  ctx: ServiceContext,
  userId: string,
  input: WorkoutPrefsData,
  now: Date,
): Promise<PlanRequest> {
  const timeZone = await memberTimeZone(ctx.db, userId, now);
  const today = localDateIn(now, timeZone);
  const weekStart = mondayOf(today);
  const [{ health }, recent, [previous]] = await Promise.all([
    getHealth(ctx),
    ctx.db
      .select({
        date: checkins.localDate,
        movedMinutes: checkins.movedMinutes,
        steps: checkins.steps,
      })
      .from(checkins)
      .where(eq(checkins.userId, userId))
      .orderBy(desc(checkins.localDate))
      .limit(RECENT_CHECKINS),
    ctx.db
      .select({ plan: workoutWeeks.plan })
      .from(workoutWeeks)
      .where(and(eq(workoutWeeks.userId, userId), lt(workoutWeeks.weekStart, weekStart)))
      .orderBy(desc(workoutWeeks.weekStart))
      .limit(1),
  ]);
  const year = Number(today.slice(0, 4));
  return {
    level: input.fitnessLevel,
    age: input.age ?? null,
    equipment: [...new Set(input.equipment)],
    stepTracker: input.stepTracker,
    goals: [...new Set(input.goals)],
    notes: input.notes || null,
    health: health ? planHealth(health, year) : null,
    recentCheckins: recent,
    weekStart,
    startDate: today,
    previous: (previous?.plan as WeekPlan | null | undefined) ?? null,
    // The request's locale: the member's language once they chose one (decision 0118).
    language: currentLocale(),
  };
}

/**
 * The AI engine when one is configured and the server-wide hourly budget has room; otherwise, or
 * when it fails, times out or answers badly, the built-in planner, with a note saying so.
 */
async function makePlan(
  ctx: ServiceContext,
  request: PlanRequest,
  now: Date,
): Promise<{ plan: WeekPlan; engine: 'ai' | 'planner' }> {
  const ai = ctx.config.ai;
  if (!ai) return { plan: planWeek(request), engine: 'planner' };
  const budget = await hit(
    ctx.db,
    { key: 'workout-ai:server', max: WORKOUT_AI_CALLS_PER_HOUR, windowSeconds: 3600 },
    now,
  );
  let reason: 'timeout' | 'failed' | 'malformed' | 'busy' = 'busy';
  if (budget.allowed) {
    try {
      return {
        plan: await aiWeekPlan(ai, request, { timeoutMs: WORKOUT_AI_TIMEOUT_MS }),
        engine: 'ai',
      };
    } catch (error) {
      reason = error instanceof AiPlanError ? error.reason : 'failed';
      ctx.logger.warn(
        { reason, detail: error instanceof Error ? error.message : String(error) },
        'AI workout plan failed; using the built-in planner',
      );
    }
  }
  const plan = planWeek(request);
  return {
    plan: { ...plan, notes: [msg.workoutAiFallback(reason), ...plan.notes] },
    engine: 'planner',
  };
}
