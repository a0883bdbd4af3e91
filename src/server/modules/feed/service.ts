import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BUDDY_FEED_HOURS,
  BUDDY_FEED_LIMIT,
  FEED_PAGE_SIZE,
  REACTION_KEYS,
  type ReactionKey,
} from '@shared/constants';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { comments, likes, postReactions, posts, profiles, reports } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { forViewer, selectFeedPosts, toFeedPost, viewerMarks, type FeedPost } from './queries';
import { cachedFeedPage, invalidateFeed } from './cache';

const cursorSchema = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/),
  id: z.uuid(),
});

/** An opaque "load more" position: the last post's exact timestamp and id. */
export function encodeCursor(t: string, id: string): string {
  return Buffer.from(JSON.stringify({ t, id })).toString('base64url');
}

export function decodeCursor(cursor: string): { t: string; id: string } {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('bad_request', msg.invalidCursor);
  }
}

async function withViewer(db: DbOrTx, viewerId: string, cards: FeedPost[]): Promise<FeedPost[]> {
  const marks = await viewerMarks(
    db,
    viewerId,
    cards.map((p) => p.id),
  );
  return cards.map((post) => forViewer(post, viewerId, marks));
}

/** Public, visible posts, newest first, 30 a page, paged by cursor (never by offset). */
export async function communityFeed(db: DbOrTx, viewerId: string, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : null;
  const where = after
    ? sql`(p.created_at, p.id) < (${after.t}::timestamptz, ${after.id}::uuid)`
    : sql`true`;
  const page = await cachedFeedPage(db, `community:${cursor ?? ''}`, async () => {
    const rows = await selectFeedPosts(db, where, FEED_PAGE_SIZE + 1);
    const last = rows[FEED_PAGE_SIZE - 1];
    return {
      cards: rows.slice(0, FEED_PAGE_SIZE).map(toFeedPost),
      nextCursor:
        rows.length > FEED_PAGE_SIZE && last
          ? encodeCursor(String(last.cursor_ts), String(last.id))
          : null,
    };
  });
  return { posts: await withViewer(db, viewerId, page.cards), nextCursor: page.nextCursor };
}

/** Posts of members who accepted the viewer's invite, from the last 48 hours, at most 20. */
export async function buddyFeed(db: DbOrTx, viewerId: string, now = new Date()) {
  const since = new Date(now.getTime() - BUDDY_FEED_HOURS * 60 * 60 * 1000).toISOString();
  const where = sql`p.created_at > ${since}::timestamptz and p.user_id in (
    select i.accepted_user_id from invites i where i.inviter_user_id = ${viewerId} and i.accepted_user_id is not null
  )`;
  const rows = await selectFeedPosts(db, where, BUDDY_FEED_LIMIT);
  return { posts: await withViewer(db, viewerId, rows.map(toFeedPost)) };
}

/** A post members may interact with: public and not hidden. Anything else reads as gone. */
async function visiblePost(db: DbOrTx, postId: string) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.visibility, 'public'), eq(posts.isHidden, false)))
    .limit(1);
  if (!post) throw new AppError('not_found', msg.postNotAvailable);
}

async function likeState(db: DbOrTx, postId: string, userId: string) {
  const [row] = await db
    .select({
      likeCount: sql<number>`count(*)::int`,
      likedByMe: sql<boolean>`coalesce(bool_or(${likes.userId} = ${userId}), false)`,
    })
    .from(likes)
    .where(eq(likes.postId, postId));
  return { likeCount: Number(row.likeCount), likedByMe: Boolean(row.likedByMe) };
}

/** Like or unlike: idempotent, so double clicks and concurrent requests end in one clear state. */
export async function setLike(db: DbOrTx, userId: string, postId: string, liked: boolean) {
  await visiblePost(db, postId);
  if (liked) await db.insert(likes).values({ postId, userId }).onConflictDoNothing();
  else await db.delete(likes).where(and(eq(likes.postId, postId), eq(likes.userId, userId)));
  invalidateFeed(db);
  return likeState(db, postId, userId);
}

async function reactionState(db: DbOrTx, postId: string, userId: string) {
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

/** One reaction per member and post: a new choice replaces the old one; null removes it. */
export async function setReaction(
  db: DbOrTx,
  userId: string,
  postId: string,
  reaction: ReactionKey | null,
) {
  await visiblePost(db, postId);
  if (reaction) {
    await db
      .insert(postReactions)
      .values({ postId, userId, reaction })
      .onConflictDoUpdate({
        target: [postReactions.postId, postReactions.userId],
        set: { reaction, createdAt: new Date() },
      });
  } else {
    await db
      .delete(postReactions)
      .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)));
  }
  invalidateFeed(db);
  return reactionState(db, postId, userId);
}

export async function listComments(db: DbOrTx, viewerId: string, postId: string) {
  await visiblePost(db, postId);
  const rows = await db
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
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    author: { id: r.userId, displayName: r.displayName, avatarUrl: r.avatarUrl },
    mine: r.userId === viewerId,
  }));
}

export async function addComment(db: DbOrTx, userId: string, postId: string, body: string) {
  await visiblePost(db, postId);
  const [row] = await db.insert(comments).values({ postId, userId, body }).returning();
  invalidateFeed(db);
  return { id: row.id };
}

/** Members delete their own comments; anyone else's reads as not found. */
export async function deleteComment(db: DbOrTx, userId: string, commentId: string) {
  const deleted = await db
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.userId, userId)))
    .returning({ id: comments.id });
  if (deleted.length === 0) throw new AppError('not_found', msg.notFound);
  invalidateFeed(db);
}

/** A report for the admins; one open report per member and post (the database enforces it). */
export async function reportPost(db: DbOrTx, userId: string, postId: string, reason: string) {
  await visiblePost(db, postId);
  const inserted = await db
    .insert(reports)
    .values({ postId, reporterId: userId, reason, status: 'open' })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new AppError('conflict', msg.alreadyReported);
}
