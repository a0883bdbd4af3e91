import type { AdminUsersPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/users?q=: newest first, one server page at a time ("Load more"). */
export const useAdminUsers = (q: string) =>
  useAdminPages<AdminUsersPage>(queryKeys.admin.users(q), '/api/admin/users', {
    q: q || undefined,
  });
