import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminCrewsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/crews: every crew, newest first (issue 30). */
export const adminCrewsQueryOptions = () =>
  adminPagesQueryOptions<AdminCrewsPage>(queryKeys.admin.crews, '/api/admin/crews');

export const useAdminCrews = () => useInfiniteQuery(adminCrewsQueryOptions());
