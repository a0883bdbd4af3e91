import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { FinishSignUpData } from '@shared/domain/schemas';
import { consents, profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { invalidateCommunityBoardAfterCommit } from '../../lib/board-cache';

/**
 * Finishes a sign-up whose choices stayed in another browser (decision 0095): the account was first
 * proven where no sign-up was sealed for it (decision 0072), so it has no chosen name and no accepted
 * terms. The member gives both here, once: the mark is cleared in the same statement that sets the
 * name, so a second request (another tab) gets 409 and changes nothing. Names change afterwards in
 * the profile, as for everyone.
 */
export async function finishSignUp(
  ctx: ServiceContext,
  input: FinishSignUpData,
): Promise<{ ok: true }> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const finished = await ctx.db
      .update(profiles)
      .set({ displayName: input.displayName, signUpUnfinishedAt: null, updatedAt: now })
      .where(and(eq(profiles.id, member.userId), isNotNull(profiles.signUpUnfinishedAt)))
      .returning({ id: profiles.id });
    if (finished.length === 0) throw new AppError('conflict', msg.signUpAlreadyFinished);
    await ctx.db
      .update(user)
      .set({ name: input.displayName, updatedAt: now })
      .where(eq(user.id, member.userId));
    // Accepted here and now (an acceptance already on record keeps its date).
    await ctx.db
      .update(consents)
      .set({
        tosAcceptedAt: sql`coalesce(${consents.tosAcceptedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(consents.userId, member.userId));
    // The name and the mark are part of the member's session; the name shows on cards and boards.
    forgetSessionsAfterCommit(ctx);
    invalidateFeedAfterCommit(ctx);
    invalidateCommunityBoardAfterCommit(ctx);
    return { ok: true as const };
  });
}
