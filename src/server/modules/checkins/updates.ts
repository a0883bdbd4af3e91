import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { MAX_MEDIA_PER_UPDATE, UPDATES_PER_DAY, UPDATES_PER_HOUR } from '@shared/constants';
import type { AddUpdateResponse, OkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { checkinUpdateMedia, checkinUpdates } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enforce, refund, type Limit } from '../../lib/rate-limit';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { ownCheckin, removeAbandonedUpdates } from './parts';

/**
 * A later note on the member's own check-in: text, or media to follow (declared up front), or both.
 * An update without text stays out of sight until its first file lands, and is removed if none
 * does (docs/decisions/0071), so the feed never shows an empty update. Counted against the
 * member's update limits in the same transaction: a refused update uses up nothing.
 */
export async function createUpdate(
  ctx: ServiceContext,
  input: { checkinId: string; body?: string; mediaCount: number },
): Promise<AddUpdateResponse> {
  // The spec's own words for an update without a session.
  const member = requireMember(ctx, msg.signInToAddUpdates);
  const now = ctx.now();
  const body = input.body?.trim() || null;
  if (!body && input.mediaCount === 0) throw new AppError('validation_failed', msg.addTextOrMedia);
  if (input.mediaCount > MAX_MEDIA_PER_UPDATE)
    throw new AppError('validation_failed', msg.tooManyUpdateMedia);
  return withTransaction(ctx, async (ctx) => {
    await ownCheckin(ctx.db, member.userId, input.checkinId);
    await enforce(ctx.db, updateLimits(member.userId), { message: msg.updateRateLimited, now });
    await removeAbandonedUpdates(ctx.db, member.userId, now);
    const [row] = await ctx.db
      .insert(checkinUpdates)
      .values({ checkinId: input.checkinId, userId: member.userId, body, createdAt: now })
      .returning();
    if (body) invalidateFeedAfterCommit(ctx);
    return {
      update: { id: row.id, body: row.body, createdAt: row.createdAt.toISOString(), media: [] },
    };
  });
}

const updateLimits = (userId: string): Limit[] => [
  { key: `update:hour:${userId}`, max: UPDATES_PER_HOUR, windowSeconds: 3600 },
  { key: `update:day:${userId}`, max: UPDATES_PER_DAY, windowSeconds: 86_400 },
];

/**
 * Gives up an update that got neither text nor a file (every upload failed): it is removed and does
 * not count against the member's updates. An update with anything in it is kept.
 */
export async function discardUpdate(
  ctx: ServiceContext,
  input: { updateId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const removed = await ctx.db
      .delete(checkinUpdates)
      .where(
        and(
          eq(checkinUpdates.id, input.updateId),
          eq(checkinUpdates.userId, member.userId),
          isNull(checkinUpdates.body),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(checkinUpdateMedia)
              .where(eq(checkinUpdateMedia.updateId, checkinUpdates.id)),
          ),
        ),
      )
      .returning({ id: checkinUpdates.id });
    if (removed.length === 0) throw new AppError('not_found', msg.notFound);
    for (const limit of updateLimits(member.userId)) await refund(ctx.db, limit);
    return { ok: true as const };
  });
}
