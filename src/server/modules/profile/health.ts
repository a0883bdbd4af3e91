import { eq, sql } from 'drizzle-orm';
import type { Gender } from '@shared/constants';
import type {
  HealthProfileView,
  HealthProfileResponse,
  HealthSavedResponse,
} from '@shared/api-types';
import type { HealthProfileData } from '@shared/domain/schemas';
import { consents, healthProfile, profiles, user } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { ensureProfile } from './profile-row';
import { recordWeight } from '../../queries/weight';

// The member's health profile and the Day-1 Health Intake: reading and saving it, completing the
// intake (with the health disclaimer) and skipping it.

/** The health profile as the member sees it: on the Health tab and in their data export. */
export function healthView(row: typeof healthProfile.$inferSelect): HealthProfileView {
  return {
    birthYear: row.birthYear,
    gender: row.gender as Gender | null,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    baselineSteps: row.baselineSteps,
    goals: row.goals,
    equipment: row.equipment,
    constraints: row.constraints,
    socialShareWeight: row.socialShareWeight,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The health profile (null before the intake) and whether the intake was skipped. */
export async function getHealth(ctx: ServiceContext): Promise<HealthProfileResponse> {
  const member = requireMember(ctx);
  const [row] = await ctx.db
    .select({ health: healthProfile, skippedAt: profiles.healthIntakeSkippedAt })
    .from(user)
    .leftJoin(healthProfile, eq(healthProfile.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, member.userId))
    .limit(1);
  return {
    health: row?.health ? healthView(row.health) : null,
    intakeSkippedAt: row?.skippedAt?.toISOString() ?? null,
  };
}

/**
 * Creates or replaces the health profile. Heights and weights arrive in cm and kg, as stored: the form
 * converts feet, inches and pounds (and sends the stored value back untouched when the member did not
 * change a field, so nothing drifts). Blank optional fields are cleared.
 */
export async function saveHealth(
  ctx: ServiceContext,
  input: HealthProfileData,
): Promise<HealthSavedResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const values = {
      birthYear: input.birthYear,
      gender: input.gender ?? null,
      heightCm: input.heightCm ?? null,
      weightKg: input.weightKg ?? null,
      baselineSteps: input.baselineSteps ?? null,
      goals: [...new Set(input.goals)],
      equipment: [...new Set(input.equipment)],
      constraints: input.constraints || null,
      socialShareWeight: input.socialShareWeight,
      updatedAt: ctx.now(),
    };
    const [existing] = await ctx.db
      .select({ userId: healthProfile.userId, shares: healthProfile.socialShareWeight })
      .from(healthProfile)
      .where(eq(healthProfile.userId, member.userId))
      .for('update');
    const [saved] = await ctx.db
      .insert(healthProfile)
      .values({ userId: member.userId, ...values })
      .onConflictDoUpdate({ target: healthProfile.userId, set: values })
      .returning();
    // The history behind "change since Day 1" (decision 0036); feed cards show it.
    const weighed = await recordWeight(ctx.db, member.userId, values.weightKg, ctx.now());
    if (weighed || existing?.shares !== values.socialShareWeight) invalidateFeedAfterCommit(ctx);
    return { health: healthView(saved), created: !existing };
  });
}

/**
 * Completing the Day-1 Health Intake: the health profile, and the health disclaimer accepted now
 * (the first acceptance is kept), in one transaction.
 */
export async function completeIntake(
  ctx: ServiceContext,
  input: HealthProfileData,
): Promise<HealthSavedResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const saved = await saveHealth(ctx, input);
    const now = ctx.now();
    await ctx.db
      .insert(consents)
      .values({ userId: member.userId, healthDisclaimerAcceptedAt: now })
      .onConflictDoUpdate({
        target: consents.userId,
        set: {
          healthDisclaimerAcceptedAt: sql`coalesce(${consents.healthDisclaimerAcceptedAt}, ${now.toISOString()}::timestamptz)`,
        },
      });
    return saved;
  });
}

/** 'Skip for now': recorded on the server, so the intake stays closed on every device. */
export async function skipIntake(ctx: ServiceContext): Promise<HealthProfileResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    await ensureProfile(ctx.db, member.userId);
    await ctx.db
      .update(profiles)
      .set({
        healthIntakeSkippedAt: sql`coalesce(${profiles.healthIntakeSkippedAt}, ${ctx.now().toISOString()}::timestamptz)`,
      })
      .where(eq(profiles.id, member.userId));
  });
  return getHealth(ctx);
}
