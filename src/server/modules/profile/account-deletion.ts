/**
 * 'Delete my account' (decision 0053). Order:
 *
 * 1. The typed confirmation, checked here (the form's check is only a convenience).
 * 2. A paid subscription is cancelled with the payment provider first; if that fails nothing is deleted.
 * 3. One transaction: the audit record, the rows that name the member without a cascading key (e-mails
 *    sent to them, reports they filed, invites they accepted or that were addressed to them, their
 *    sign-in codes and limit counters), then the account itself, which cascades to everything else:
 *    sessions, profile, settings, consents, health profile, weight history, cycles, check-ins,
 *    updates, posts (with every comment, like and reaction on them, whoever wrote it), their own
 *    comments, likes and reactions, badges, invites sent, subscription, workout plans.
 * 4. After the commit, the files: every media key the rows named (with thumbnails), the avatar, and the
 *    member's whole storage folder. A failure there is logged; the rows are gone, so no route serves
 *    those files any more (every file read needs its row), and deleting the folder again is safe.
 */
import { eq, or, sql } from 'drizzle-orm';
import { ACCOUNT_DELETE_CONFIRMATION } from '@shared/constants';
import { msg } from '@shared/messages';
import {
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  invites,
  notificationLogs,
  postMedia,
  posts,
  profiles,
  rateLimits,
  reports,
  user,
  verification,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { thumbKeyFor } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { invalidateCommunityBoardAfterCommit } from '../../lib/board-cache';
import { cancelStripeSubscription } from '../subscription/checkout';
import { avatarFolder, avatarKeyFromUrl } from '../../queries/media-urls';
import { leaveCrew } from '../crews/service';
import { crewsOf } from '../../queries/crew-rows';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

/**
 * Cancels the member's paid subscription with Stripe (through the billing adapter, decision 0018),
 * when billing is configured and they have one. Trials and comps without a Stripe subscription have
 * nothing to cancel. Any failure stops the deletion.
 */
async function cancelPaidSubscription(ctx: ServiceContext, userId: string): Promise<void> {
  try {
    await cancelStripeSubscription(ctx, userId);
  } catch (error) {
    ctx.logger.error({ err: error, userId }, 'account deletion: Stripe cancel failed');
    throw new AppError('unavailable', msg.cancelSubscriptionFailed);
  }
}

/** Every storage key the member's rows name (media, their thumbnails, the avatar). */
async function storedKeys(ctx: ServiceContext, userId: string): Promise<string[]> {
  const postFiles = await ctx.db
    .select({ path: postMedia.storagePath, type: postMedia.mediaType })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(eq(posts.userId, userId));
  const updateFiles = await ctx.db
    .select({ path: checkinUpdateMedia.storagePath, type: checkinUpdateMedia.mediaType })
    .from(checkinUpdateMedia)
    .innerJoin(checkinUpdates, eq(checkinUpdates.id, checkinUpdateMedia.updateId))
    .where(eq(checkinUpdates.userId, userId));
  const [profile] = await ctx.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const keys = new Set<string>();
  for (const file of [...postFiles, ...updateFiles]) {
    if (/^https?:\/\//i.test(file.path)) continue;
    keys.add(file.path);
    if (file.type === 'image') keys.add(thumbKeyFor(file.path));
  }
  const avatar = avatarKeyFromUrl(profile?.avatarUrl ?? null);
  if (avatar) keys.add(avatar);
  return [...keys];
}

export async function deleteAccount(
  ctx: ServiceContext,
  input: { confirmation: string },
): Promise<void> {
  const member = requireMember(ctx);
  if (input.confirmation.trim() !== ACCOUNT_DELETE_CONFIRMATION) {
    throw new AppError('validation_failed', msg.deleteAccountConfirmMismatch, {
      fields: { confirmation: msg.deleteAccountConfirmMismatch },
    });
  }
  const userId = member.userId;
  await cancelPaidSubscription(ctx, userId);

  await withTransaction(ctx, async (ctx) => {
    const [account] = await ctx.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!account) throw new AppError('not_found', msg.notFound);
    const email = account.email;
    const keys = await storedKeys(ctx, userId);
    const [{ checkinCount }] = await ctx.db
      .select({ checkinCount: sql<number>`count(*)::int` })
      .from(checkins)
      .where(eq(checkins.userId, userId));
    const [{ postCount }] = await ctx.db
      .select({ postCount: sql<number>`count(*)::int` })
      .from(posts)
      .where(eq(posts.userId, userId));

    // The audit trail keeps who and what, never the member's content or address.
    await audit(ctx, {
      action: 'account.delete',
      target: { type: 'user', id: userId },
      before: { checkins: Number(checkinCount), posts: Number(postCount), files: keys.length },
      after: null,
    });

    // Rows that name the member but do not cascade with the account.
    await ctx.db
      .delete(notificationLogs)
      .where(or(eq(notificationLogs.userId, userId), eq(notificationLogs.toEmail, email)));
    await ctx.db.delete(reports).where(eq(reports.reporterId, userId));
    await ctx.db
      .delete(invites)
      .where(or(eq(invites.acceptedUserId, userId), sql`lower(${invites.email}) = ${email}`));
    await ctx.db
      .delete(verification)
      .where(sql`right(${verification.identifier}, ${email.length + 5}) = ${`-otp-${email}`}`);
    await ctx.db.delete(rateLimits).where(
      // Whole ':'-separated segments only: kk10@… is someone else than k10@….
      or(
        sql`position(${`:${email}:`} in ${rateLimits.key} || ':') > 0`,
        sql`position(${`:${userId}:`} in ${rateLimits.key} || ':') > 0`,
      ),
    );
    // Crews: each is left as when the member leaves it, so an owner's crew passes to its
    // longest-standing member (or closes when nobody is left), and nothing points at the account.
    for (const crew of await crewsOf(ctx.db, userId)) await leaveCrew(ctx, crew, userId);
    // Everything else cascades from the account (see the schema's foreign keys).
    await ctx.db.delete(user).where(eq(user.id, userId));

    invalidateFeedAfterCommit(ctx);
    // The member's name leaves the board in every process at once, not after BOARD_TTL_MS.
    invalidateCommunityBoardAfterCommit(ctx);
    // Its sessions end in every process at once.
    forgetSessionsAfterCommit(ctx);
    // Removed from storage once this commits, and again until storage confirms (decision 0042).
    await queueStorageDeletions(ctx, [
      ...keys.map((key) => ({ key, reason: 'account' as const })),
      ...[avatarFolder(userId), `u/${userId}`].map((key) => ({
        key,
        isPrefix: true,
        reason: 'account' as const,
      })),
    ]);
  });
}
