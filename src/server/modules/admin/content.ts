/** Admin Posts and Reports (decision 0021): hide, unhide, delete posts; resolve reports. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { msg } from '@shared/messages';
import type {
  AdminPostHidden,
  AdminPostView,
  AdminPostsPage,
  AdminReportResolved,
  AdminReportsPage,
  OkResponse,
} from '@shared/api-types';
import { postMedia, posts, profiles, reports } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { PageCursor } from '../../lib/page-cursor';
import { thumbKeyFor } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import {
  ADMIN_PAGE_SIZE,
  olderThan,
  pageOf,
  prefixPattern,
  readCursor,
  wordPrefixQuery,
} from './paging';

const postColumns = {
  id: posts.id,
  caption: posts.caption,
  authorName: profiles.displayName,
  visibility: posts.visibility,
  isHidden: posts.isHidden,
  createdAt: posts.createdAt,
};

const postView = (r: { createdAt: Date } & Omit<AdminPostView, 'createdAt'>): AdminPostView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** The accounts whose display name starts with the search (the prefix index of migration 0008). */
const namedLike = (pattern: string) =>
  sql`(select ${profiles.id} from ${profiles} where lower(${profiles.displayName}) like ${pattern})`;

/** Matches the caption's words (the GIN index of migration 0018; the expression must stay the same). */
const captionMatches = (query: string) =>
  sql`to_tsvector('simple', coalesce(${posts.caption}, '')) @@ to_tsquery('simple', ${query})`;

/** Matches the report reason's words (the GIN index of migration 0018). */
const reasonMatches = (query: string) =>
  sql`to_tsvector('simple', coalesce(${reports.reason}, '')) @@ to_tsquery('simple', ${query})`;

/**
 * The newest ids of one way of matching, after the cursor. Every branch is fenced (`offset 0`):
 * its matches come from its own index (the name prefix index, then the author's or the post's
 * rows; the GIN index for words) and only then are sorted. Without the fence the planner, seeing
 * `limit`, walks the whole list newest first testing each row: measured on 20,000 posts, it did.
 */
function newestIds(
  ctx: ServiceContext,
  table: typeof posts | typeof reports,
  where: SQL,
  after: PageCursor | null,
): SQL {
  const matching = ctx.db
    .select({ id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(and(where, olderThan(table.createdAt, table.id, after)));
  return sql`select f.id, f.created_at from (${matching.getSQL()} offset 0) f
    order by f.created_at desc, f.id desc limit ${ADMIN_PAGE_SIZE + 1}`;
}

/**
 * The page's ids: the newest of all branches. Computed once, before the rows are read (an array
 * the primary key is probed with), so a search never walks the list testing each row.
 */
function pageIds(id: AnyPgColumn, branches: SQL[]): SQL {
  if (branches.length === 0) return sql`false`;
  const all = sql.join(
    branches.map((b) => sql`(${b})`),
    sql` union `,
  );
  return sql`${id} = any(array(select m.id from (${all}) m order by m.created_at desc, m.id desc limit ${ADMIN_PAGE_SIZE + 1}))`;
}

/**
 * Posts, newest first, a page at a time, with their author's display name. `q` matches the start of
 * the author's name, or words of the caption starting with each word typed (decisions 0039, 0086).
 */
export async function listPosts(
  ctx: ServiceContext,
  input: { q?: string; cursor?: string },
): Promise<AdminPostsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const q = input.q?.trim();
  let matches: SQL | undefined;
  if (q) {
    const words = wordPrefixQuery(q);
    const branches = [
      newestIds(ctx, posts, sql`${posts.userId} in ${namedLike(prefixPattern(q))}`, after),
    ];
    if (words) branches.push(newestIds(ctx, posts, captionMatches(words), after));
    matches = pageIds(posts.id, branches);
  }
  const rows = await ctx.db
    .select(postColumns)
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(matches, olderThan(posts.createdAt, posts.id, after)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows);
  return { posts: page.rows.map(postView), nextCursor: page.nextCursor };
}

/** One post, wherever it is in the list: a report's "Open post". */
export async function getPost(
  ctx: ServiceContext,
  input: { postId: string },
): Promise<AdminPostView> {
  requireAdmin(ctx);
  const [row] = await ctx.db
    .select(postColumns)
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, input.postId));
  if (!row) throw new AppError('not_found', msg.postNotFound);
  return postView(row);
}

/** Hide or unhide a post: a hidden post leaves the feed at once (the cache is cleared after commit). */
export async function setPostHidden(
  ctx: ServiceContext,
  input: { postId: string; isHidden: boolean },
): Promise<AdminPostHidden> {
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
): Promise<OkResponse> {
  requireAdmin(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [post] = await ctx.db
      .select({ id: posts.id, userId: posts.userId, isHidden: posts.isHidden })
      .from(posts)
      .where(eq(posts.id, input.postId))
      .for('update');
    if (!post) throw new AppError('not_found', msg.notFound);
    // A photo a member shared again in a weekly review post (decision 0089) is one file named by two
    // rows: it stays while the other row names it.
    const files = await ctx.db
      .select({ path: postMedia.storagePath, type: postMedia.mediaType })
      .from(postMedia)
      .where(
        and(
          eq(postMedia.postId, input.postId),
          sql`not exists (select 1 from post_media other
                where other.storage_path = ${postMedia.storagePath} and other.post_id <> ${postMedia.postId})`,
        ),
      );
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

/**
 * Reports, newest first, a page at a time, with the reporter's display name and whether the post is
 * hidden. `q` matches the start of the reporter's or the post author's name, or words of the reason
 * or of the post's caption (decisions 0039, 0086).
 */
export async function listReports(
  ctx: ServiceContext,
  input: { q?: string; cursor?: string },
): Promise<AdminReportsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const q = input.q?.trim();
  let matches: SQL | undefined;
  if (q) {
    const named = namedLike(prefixPattern(q));
    const words = wordPrefixQuery(q);
    const postsWhere = (where: SQL) => sql`(select ${posts.id} from ${posts} where ${where})`;
    const branches = [
      newestIds(ctx, reports, sql`${reports.reporterId} in ${named}`, after),
      newestIds(
        ctx,
        reports,
        sql`${reports.postId} in ${postsWhere(sql`${posts.userId} in ${named}`)}`,
        after,
      ),
    ];
    if (words) {
      branches.push(
        newestIds(ctx, reports, reasonMatches(words), after),
        newestIds(
          ctx,
          reports,
          sql`${reports.postId} in ${postsWhere(captionMatches(words))}`,
          after,
        ),
      );
    }
    matches = pageIds(reports.id, branches);
  }
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
    .where(and(matches, olderThan(reports.createdAt, reports.id, after)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows);
  return {
    reports: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

export async function resolveReport(
  ctx: ServiceContext,
  input: { reportId: string },
): Promise<AdminReportResolved> {
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
