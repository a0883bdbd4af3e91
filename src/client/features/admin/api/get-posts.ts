import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPostsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/posts?q=: newest first, a page at a time; `q` matches the author or the words. */
export const adminPostsQueryOptions = (q: string) =>
  adminPagesQueryOptions<AdminPostsPage>(queryKeys.admin.postsFor(q), '/api/admin/posts', {
    q: q || undefined,
  });

export const useAdminPosts = (q: string) => useInfiniteQuery(adminPostsQueryOptions(q));
