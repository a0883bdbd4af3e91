/**
 * The member's own profile, avatar, badges, health profile and the Day-1 Health Intake, in the service
 * shape of decision 0011 (copying modules/checkins and modules/subscription): every service starts with
 * requireMember(ctx) and acts on that member only; no input names whose data it is.
 */
import { eq, sql } from 'drizzle-orm';
import {
  AVATAR_UPLOADS_PER_DAY,
  AVATAR_UPLOADS_PER_HOUR,
  type Gender,
  type UnitPref,
} from '@shared/constants';
import type {
  EarnedBadge,
  HealthProfileView,
  HealthProfileResponse,
  HealthSavedResponse,
  ProfileView,
} from '@shared/api-types';
import { displayNameFromEmail } from '@shared/domain/display';
import type { HealthProfileData, ProfileData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { consents, healthProfile, profiles, user } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { assertValidKey, ingestUpload, InvalidKeyError } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { listMyBadges } from '../badges/service';
import { invalidateFeedAfterCommit } from '../feed/cache';
import { invalidateCommunityBoardAfterCommit } from '../community/leaderboard';
import { recordWeight } from './weight';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

// ---------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------

async function profileRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ profile: profiles, email: user.email, createdAt: user.createdAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new AppError('not_found', msg.notFound);
  return row;
}

/** The profile row, made when missing (spec: display name from the e-mail's local part). */
async function ensureProfile(db: DbOrTx, userId: string) {
  const row = await profileRow(db, userId);
  if (row.profile) return { ...row, profile: row.profile };
  await db
    .insert(profiles)
    .values({ id: userId, displayName: displayNameFromEmail(row.email) })
    .onConflictDoNothing();
  const again = await profileRow(db, userId);
  return { ...again, profile: again.profile! };
}

function profileView(row: Awaited<ReturnType<typeof ensureProfile>>): ProfileView {
  const { profile } = row;
  return {
    displayName: profile.displayName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    country: profile.country,
    unitPref: profile.unitPref as UnitPref,
    avatarUrl: profile.avatarUrl,
    email: row.email,
    memberSince: row.createdAt.toISOString(),
  };
}

export async function getProfile(ctx: ServiceContext): Promise<ProfileView> {
  const member = requireMember(ctx);
  return profileView(await ensureProfile(ctx.db, member.userId));
}

/**
 * The public profile form. It has no time zone: the member's one zone is a setting (decision 0033).
 */
export async function updateProfile(ctx: ServiceContext, input: ProfileData): Promise<ProfileView> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    await ensureProfile(ctx.db, member.userId);
    await ctx.db
      .update(profiles)
      .set({
        displayName: input.displayName,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        country: input.country || null,
        unitPref: input.unitPref,
        updatedAt: ctx.now(),
      })
      .where(eq(profiles.id, member.userId));
    // The name shows on feed cards, the board and every screen (the session).
    invalidateFeedAfterCommit(ctx);
    invalidateCommunityBoardAfterCommit(ctx);
    forgetSessionsAfterCommit(ctx);
    return profileView(await ensureProfile(ctx.db, member.userId));
  });
}

// ---------------------------------------------------------------------------
// Avatar
// ---------------------------------------------------------------------------

/** Avatars live under the member's own folder, next to their proof media: `u/{userId}/avatar/{file}`. */
export const avatarFolder = (userId: string) => `u/${userId}/avatar`;

/** The address a browser loads an avatar from (GET /api/avatars/{userId}/{file}). */
export function avatarUrlFor(key: string): string {
  const match = /^u\/([^/]+)\/avatar\/([^/]+)$/.exec(key);
  if (!match) throw new InvalidKeyError(key);
  return `/api/avatars/${match[1]}/${match[2]}`;
}

/** The storage key behind an avatar URL we issued, or null for anything else (an outside URL). */
export function avatarKeyFromUrl(url: string | null): string | null {
  const match = url ? /^\/api\/avatars\/([^/]+)\/([^/]+)$/.exec(url) : null;
  return match ? `${avatarFolder(match[1])}/${match[2]}` : null;
}

const avatarLimits = (userId: string) => [
  { key: `avatar:hour:${userId}`, max: AVATAR_UPLOADS_PER_HOUR, windowSeconds: 3600 },
  { key: `avatar:day:${userId}`, max: AVATAR_UPLOADS_PER_DAY, windowSeconds: 86_400 },
];

/** An upload arriving as the request body: streamed to storage, never read whole. */
export interface AvatarUpload {
  body: ReadableStream<Uint8Array> | null;
  declaredType?: string;
}

/**
 * A new avatar: images only, 5 MB at most (ingest's `avatar` kind: the type is read from the bytes,
 * the image is re-encoded to WebP at 512 px with no metadata). The profile points at it once it is
 * stored; the previous file is removed after that commits. Feed cards and the session (avatar menu)
 * read the profile, so they show it on their next read.
 */
export async function uploadAvatar(ctx: ServiceContext, file: AvatarUpload): Promise<ProfileView> {
  const member = requireMember(ctx);
  await enforce(ctx.db, avatarLimits(member.userId), {
    now: ctx.now(),
    message: msg.avatarRateLimited,
  });
  const stored = await ingestUpload({
    storage: ctx.storage,
    source: file.body,
    declaredType: file.declaredType,
    keyPrefix: avatarFolder(member.userId),
    kind: 'avatar',
  });
  try {
    return await setAvatar(ctx, member.userId, avatarUrlFor(stored.key));
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

export async function removeAvatar(ctx: ServiceContext): Promise<ProfileView> {
  const member = requireMember(ctx);
  return setAvatar(ctx, member.userId, null);
}

async function setAvatar(
  ctx: ServiceContext,
  userId: string,
  avatarUrl: string | null,
): Promise<ProfileView> {
  return withTransaction(ctx, async (ctx) => {
    await ensureProfile(ctx.db, userId);
    const [previous] = await ctx.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await ctx.db
      .update(profiles)
      .set({ avatarUrl, updatedAt: ctx.now() })
      .where(eq(profiles.id, userId));
    const oldKey = avatarKeyFromUrl(previous?.avatarUrl ?? null);
    if (oldKey && previous?.avatarUrl !== avatarUrl) {
      await queueStorageDeletions(ctx, [{ key: oldKey, reason: 'avatar' }]);
    }
    invalidateFeedAfterCommit(ctx);
    invalidateCommunityBoardAfterCommit(ctx);
    forgetSessionsAfterCommit(ctx);
    return profileView(await ensureProfile(ctx.db, userId));
  });
}

/**
 * May the caller load this avatar? Any signed-in member may see the current avatar of any member (it
 * shows on the feed and leaderboards). A key that is not someone's current avatar (a replaced one, a
 * guessed path, another member's proof media) is a 404.
 */
export async function avatarAccess(
  ctx: ServiceContext,
  input: { userId: string; file: string },
): Promise<string> {
  requireMember(ctx);
  const key = `${avatarFolder(input.userId)}/${input.file}`;
  try {
    assertValidKey(key);
    const url = avatarUrlFor(key);
    const [row] = await ctx.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .limit(1);
    if (row?.avatarUrl === url) return key;
  } catch (error) {
    if (!(error instanceof InvalidKeyError)) throw error;
  }
  throw new AppError('not_found', msg.notFound);
}

// ---------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------

/** Your Badges: each earned badge, oldest first. */
export async function listEarnedBadges(ctx: ServiceContext): Promise<EarnedBadge[]> {
  return listMyBadges(ctx);
}

// ---------------------------------------------------------------------------
// Health profile and the Day-1 Health Intake
// ---------------------------------------------------------------------------

function healthView(row: typeof healthProfile.$inferSelect): HealthProfileView {
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
