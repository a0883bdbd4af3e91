import type { AdminReportsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/reports?q=: newest first, a page at a time. */
export const useAdminReports = (q: string) =>
  useAdminPages<AdminReportsPage>(queryKeys.admin.reportsFor(q), '/api/admin/reports', {
    q: q || undefined,
  });
