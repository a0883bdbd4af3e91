/**
 * The member's own profile, avatar, badges, health profile and the Day-1 Health Intake, in the service
 * shape of decision 0011 (copying modules/checkins and modules/subscription): every service starts with
 * requireMember(ctx) and acts on that member only; no input names whose data it is.
 *
 * This file holds the profile and badges; the avatar is in avatar.ts, the health profile and the intake
 * in health.ts, and the profile row they all read in profile-row.ts.
 */
import { eq } from 'drizzle-orm';
import type { EarnedBadge, ProfileView } from '@shared/api-types';
import type { ProfileData } from '@shared/domain/schemas';
import type { Locale } from '@shared/i18n/locales';
import { profiles } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { listMyBadges } from '../badges/service';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { invalidateCommunityBoardAfterCommit } from '../../lib/board-cache';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';
import { ensureProfile, profileView } from './profile-row';

// ---------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------

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
        ...(input.language ? { language: input.language } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(profiles.id, member.userId));
    // The name shows on feed cards, the board and every screen (the session), which also carries the
    // language every page and message to the member is written in (decision 0118).
    invalidateFeedAfterCommit(ctx);
    invalidateCommunityBoardAfterCommit(ctx);
    forgetSessionsAfterCommit(ctx);
    return profileView(await ensureProfile(ctx.db, member.userId));
  });
}

/**
 * The footer's language menu, for a signed-in member: their language becomes the one chosen, for
 * every page and message from the next request on (the session holds it, so it is forgotten).
 */
export async function setLanguage(ctx: ServiceContext, language: Locale): Promise<void> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    await ensureProfile(ctx.db, member.userId);
    await ctx.db
      .update(profiles)
      .set({ language, updatedAt: ctx.now() })
      .where(eq(profiles.id, member.userId));
    forgetSessionsAfterCommit(ctx);
  });
}

// ---------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------

/** Your Badges: each earned badge, oldest first. */
export async function listEarnedBadges(ctx: ServiceContext): Promise<EarnedBadge[]> {
  return listMyBadges(ctx);
}
