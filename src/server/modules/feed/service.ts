import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  BUDDY_FEED_HOURS,
  BUDDY_FEED_LIMIT,
  COMMENTS_PER_DAY,
  COMMENTS_PER_MINUTE,
  REACTION_KEYS,
  type ReactionKey,
} from '@shared/constants';
import type {
  BuddyFeed,
  CommentThread,
  CreatedComment,
  FeedPage,
  LikeState,
  ReactionState,
} from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../../db/client';
import { comments, likes, postReactions, profiles, reports } from '../../db/schema';
import { postVisibleTo } from '../../queries/audience';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { selectFeedPage, selectFeedPosts, toFeedPost } from '../../queries/feed';
import { withViewer } from '../../queries/feed-viewer';
import { cachedFeedPage, invalidateFeedAfterCommit } from '../../lib/feed-cache';

// The feed services: each is verb(ctx, input), checks the member first, and clears the shared feed
// cache after any change it commits. See modules/checkins/service.ts for the rules they follow.

/** Public, visible posts, newest first, 30 a page, paged by cursor (never by offset). */
export async function communityFeed(
  ctx: ServiceContext,
  input: { cursor?: string },
): Promise<FeedPage> {
  const member = requireMember(ctx);
  const page = await cachedFeedPage(ctx, `community:${input.cursor ?? ''}`, () =>
    selectFeedPage(ctx.db, input.cursor, sql`true`),
  );
  return {
    posts: await withViewer(ctx.db, member.userId, page.cards),
    nextCursor: page.nextCursor,
  };
}

/**
 * The member's own posts in every audience (the community, a crew, only them), newest first, 30 a
 * page, each marked with its audience (decision 0093): where an only-me post, or a crew post the
 * member's leaving made theirs alone, is found and given another audience. One member's own, so
 * never in the shared feed cache.
 */
export async function myPosts(ctx: ServiceContext, input: { cursor?: string }): Promise<FeedPage> {
  const member = requireMember(ctx);
  const page = await selectFeedPage(
    ctx.db,
    input.cursor,
    sql`true`,
    sql`p.user_id = ${member.userId}`,
  );
  return {
    posts: await withViewer(ctx.db, member.userId, page.cards),
    nextCursor: page.nextCursor,
  };
}

/** Posts of members who accepted the viewer's invite, from the last 48 hours, at most 20. */
export async function buddyFeed(ctx: ServiceContext): Promise<BuddyFeed> {
  const member = requireMember(ctx);
  const since = new Date(ctx.now().getTime() - BUDDY_FEED_HOURS * 60 * 60 * 1000).toISOString();
  const where = sql`p.created_at > ${since}::timestamptz and p.user_id in (
    select i.accepted_user_id from invites i where i.inviter_user_id = ${member.userId} and i.accepted_user_id is not null
  )`;
  const rows = await selectFeedPosts(ctx.db, where, BUDDY_FEED_LIMIT);
  return { posts: await withViewer(ctx.db, member.userId, rows.map(toFeedPost)) };
}

/** Like or unlike: idempotent, so double clicks and concurrent requests end in one clear state. */
export async function setLike(
  ctx: ServiceContext,
  input: { postId: string; liked: boolean },
): Promise<LikeState> {
  const member = requireMember(ctx);
  const { postId } = input;
  await withTransaction(ctx, async (ctx) => {
    await visiblePost(ctx.db, postId, member.userId);
    const changed = input.liked
      ? await ctx.db
          .insert(likes)
          .values({ postId, userId: member.userId, createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ postId: likes.postId })
      : await ctx.db
          .delete(likes)
          .where(and(eq(likes.postId, postId), eq(likes.userId, member.userId)))
          .returning({ postId: likes.postId });
    // A repeat changes nothing and clears no cache: clicking again cannot empty every process's feed.
    if (changed.length > 0) invalidateFeedAfterCommit(ctx);
  });
  return likeState(ctx.db, postId, member.userId);
}

/** One reaction per member and post: a new choice replaces the old one; null removes it. */
export async function setReaction(
  ctx: ServiceContext,
  input: { postId: string; reaction: ReactionKey | null },
): Promise<ReactionState> {
  const member = requireMember(ctx);
  const { postId, reaction } = input;
  await withTransaction(ctx, async (ctx) => {
    await visiblePost(ctx.db, postId, member.userId);
    const changed = reaction
      ? await ctx.db
          .insert(postReactions)
          .values({ postId, userId: member.userId, reaction, createdAt: ctx.now() })
          .onConflictDoUpdate({
            target: [postReactions.postId, postReactions.userId],
            set: { reaction, createdAt: ctx.now() },
            setWhere: ne(postReactions.reaction, reaction),
          })
          .returning({ postId: postReactions.postId })
      : await ctx.db
          .delete(postReactions)
          .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, member.userId)))
          .returning({ postId: postReactions.postId });
    if (changed.length > 0) invalidateFeedAfterCommit(ctx);
  });
  return reactionState(ctx.db, postId, member.userId);
}

/** The whole comment thread of a visible post, oldest first. */
export async function listComments(
  ctx: ServiceContext,
  input: { postId: string },
): Promise<CommentThread> {
  const member = requireMember(ctx);
  await visiblePost(ctx.db, input.postId, member.userId);
  const rows = await ctx.db
    .select({
      id: comments.id,
      body: comments.body,
      createdAt: comments.createdAt,
      userId: comments.userId,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.userId))
    .where(eq(comments.postId, input.postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return {
    comments: rows.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      author: { id: r.userId, displayName: r.displayName, avatarUrl: r.avatarUrl },
      mine: r.userId === member.userId,
    })),
  };
}

/**
 * A comment on a visible post, within the member's comment limits. The limit is counted in the
 * comment's transaction, so a refused or failed comment does not use up the member's allowance.
 */
export async function addComment(
  ctx: ServiceContext,
  input: { postId: string; body: string },
): Promise<CreatedComment> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    await visiblePost(ctx.db, input.postId, member.userId);
    await enforce(
      ctx.db,
      [
        { key: `comment:minute:${member.userId}`, max: COMMENTS_PER_MINUTE, windowSeconds: 60 },
        { key: `comment:day:${member.userId}`, max: COMMENTS_PER_DAY, windowSeconds: 86_400 },
      ],
      { message: msg.commentRateLimited, now: ctx.now() },
    );
    const [row] = await ctx.db
      .insert(comments)
      .values({
        postId: input.postId,
        userId: member.userId,
        body: input.body,
        createdAt: ctx.now(),
      })
      .returning({ id: comments.id });
    invalidateFeedAfterCommit(ctx);
    return { id: row.id };
  });
}

/** Members delete their own comments; anyone else's reads as not found. */
export async function deleteComment(
  ctx: ServiceContext,
  input: { commentId: string },
): Promise<void> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const deleted = await ctx.db
      .delete(comments)
      .where(and(eq(comments.id, input.commentId), eq(comments.userId, member.userId)))
      .returning({ id: comments.id });
    if (deleted.length === 0) throw new AppError('not_found', msg.notFound);
    invalidateFeedAfterCommit(ctx);
  });
}

/** A report for the admins; one open report per member and post (the database enforces it). */
export async function reportPost(
  ctx: ServiceContext,
  input: { postId: string; reason: string },
): Promise<void> {
  const member = requireMember(ctx);
  await visiblePost(ctx.db, input.postId, member.userId);
  const inserted = await ctx.db
    .insert(reports)
    .values({
      postId: input.postId,
      reporterId: member.userId,
      reason: input.reason,
      status: 'open',
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new AppError('conflict', msg.alreadyReported);
}

// ---------------------------------------------------------------------------------------------------
// Private steps of the services above
// ---------------------------------------------------------------------------------------------------

/**
 * A post the viewer may interact with: not hidden, and in an audience the viewer is in (public, their
 * own, or a crew of theirs; decision 0046). Anything else reads as gone.
 */
export async function visiblePost(db: DbOrTx, postId: string, viewerId: string): Promise<void> {
  const rows = await queryRows(
    db,
    sql`select 1 from posts p where p.id = ${postId}::uuid and ${postVisibleTo(viewerId)}`,
  );
  if (rows.length === 0) throw new AppError('not_found', msg.postNotAvailable);
}

async function likeState(db: DbOrTx, postId: string, userId: string): Promise<LikeState> {
  const [row] = await db
    .select({
      likeCount: sql<number>`count(*)::int`,
      likedByMe: sql<boolean>`coalesce(bool_or(${likes.userId} = ${userId}), false)`,
    })
    .from(likes)
    .where(eq(likes.postId, postId));
  return { likeCount: Number(row.likeCount), likedByMe: Boolean(row.likedByMe) };
}

async function reactionState(db: DbOrTx, postId: string, userId: string): Promise<ReactionState> {
  const rows = await db
    .select({ reaction: postReactions.reaction, userId: postReactions.userId })
    .from(postReactions)
    .where(eq(postReactions.postId, postId));
  const reactions = Object.fromEntries(REACTION_KEYS.map((k) => [k, 0])) as Record<
    ReactionKey,
    number
  >;
  let myReaction: ReactionKey | null = null;
  for (const row of rows) {
    reactions[row.reaction as ReactionKey] += 1;
    if (row.userId === userId) myReaction = row.reaction as ReactionKey;
  }
  return { reactions, myReaction };
}
