import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/users?q=: newest first, one server page at a time ("Load more"). */
export const adminUsersQueryOptions = (q: string) =>
  adminPagesQueryOptions<AdminUsersPage>(queryKeys.admin.users(q), '/api/admin/users', {
    q: q || undefined,
  });

export const useAdminUsers = (q: string) => useInfiniteQuery(adminUsersQueryOptions(q));
