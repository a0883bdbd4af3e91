import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/reports?q=: newest first, a page at a time. */
export const adminReportsQueryOptions = (q: string) =>
  adminPagesQueryOptions<AdminReportsPage>(queryKeys.admin.reportsFor(q), '/api/admin/reports', {
    q: q || undefined,
  });

export const useAdminReports = (q: string) => useInfiniteQuery(adminReportsQueryOptions(q));
