/** Admin Posts and Reports (decision 0021): hide, unhide, delete posts; resolve reports. */
import { desc, eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { AdminPostView, AdminReportView } from '@shared/api-types';
import { postMedia, posts, profiles, reports } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { thumbKeyFor } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { invalidateFeedAfterCommit } from '../feed/cache';

const ADMIN_LIST_LIMIT = 200;

/** Posts, newest first, with their author's display name. */
export async function listPosts(ctx: ServiceContext): Promise<AdminPostView[]> {
  requireAdmin(ctx);
  const rows = await ctx.db
    .select({
      id: posts.id,
      caption: posts.caption,
      authorName: profiles.displayName,
      visibility: posts.visibility,
      isHidden: posts.isHidden,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(ADMIN_LIST_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Hide or unhide a post: a hidden post leaves the feed at once (the cache is cleared after commit). */
export async function setPostHidden(
  ctx: ServiceContext,
  input: { postId: string; isHidden: boolean },
): Promise<{ isHidden: boolean }> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const [current] = await ctx.db
      .select({ isHidden: posts.isHidden })
      .from(posts)
      .where(eq(posts.id, input.postId))
      .for('update');
    if (!current) throw new AppError('not_found', msg.notFound);
    await ctx.db.update(posts).set({ isHidden: input.isHidden }).where(eq(posts.id, input.postId));
    await audit(ctx, {
      action: input.isHidden ? 'post.hide' : 'post.unhide',
      target: { type: 'post', id: input.postId },
      before: { isHidden: current.isHidden },
      after: { isHidden: input.isHidden },
    });
    invalidateFeedAfterCommit(ctx);
    return { isHidden: input.isHidden };
  });
}

/**
 * Deletes a post with its comments, likes, reactions, media rows and reports (foreign keys cascade);
 * the media files (and image thumbnails) are removed after the commit, so a rollback loses no file.
 */
export async function deletePost(
  ctx: ServiceContext,
  input: { postId: string },
): Promise<{ ok: true }> {
  requireAdmin(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [post] = await ctx.db
      .select({ id: posts.id, userId: posts.userId, isHidden: posts.isHidden })
      .from(posts)
      .where(eq(posts.id, input.postId))
      .for('update');
    if (!post) throw new AppError('not_found', msg.notFound);
    const files = await ctx.db
      .select({ path: postMedia.storagePath, type: postMedia.mediaType })
      .from(postMedia)
      .where(eq(postMedia.postId, input.postId));
    const keys = files
      .filter((f) => !/^https?:\/\//i.test(f.path))
      .flatMap((f) => (f.type === 'image' ? [f.path, thumbKeyFor(f.path)] : [f.path]));
    await ctx.db.delete(posts).where(eq(posts.id, input.postId));
    await audit(ctx, {
      action: 'post.delete',
      target: { type: 'post', id: input.postId },
      before: { authorId: post.userId, isHidden: post.isHidden, files: keys.length },
      after: null,
    });
    invalidateFeedAfterCommit(ctx);
    await queueStorageDeletions(
      ctx,
      keys.map((key) => ({ key, reason: 'post' as const })),
    );
  });
  return { ok: true };
}

/** Reports, newest first, with the reporter's display name and whether the post is hidden. */
export async function listReports(ctx: ServiceContext): Promise<AdminReportView[]> {
  requireAdmin(ctx);
  const rows = await ctx.db
    .select({
      id: reports.id,
      postId: reports.postId,
      postHidden: posts.isHidden,
      reason: reports.reason,
      reporterName: profiles.displayName,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.id, reports.reporterId))
    .leftJoin(posts, eq(posts.id, reports.postId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_LIST_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function resolveReport(
  ctx: ServiceContext,
  input: { reportId: string },
): Promise<{ status: 'resolved' }> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const [current] = await ctx.db
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.id, input.reportId))
      .for('update');
    if (!current) throw new AppError('not_found', msg.notFound);
    await ctx.db
      .update(reports)
      .set({ status: 'resolved', resolvedAt: ctx.now() })
      .where(eq(reports.id, input.reportId));
    await audit(ctx, {
      action: 'report.resolve',
      target: { type: 'report', id: input.reportId },
      before: { status: current.status },
      after: { status: 'resolved' },
    });
    return { status: 'resolved' };
  });
}
