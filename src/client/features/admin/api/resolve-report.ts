import type { AdminReportResolved } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/reports/:id/resolve. */
export function resolveReport(reportId: string): Promise<AdminReportResolved> {
  return api.post<AdminReportResolved>(`/api/admin/reports/${reportId}/resolve`);
}

export const useResolveReport = () =>
  useAdminMutation(
    resolveReport,
    [queryKeys.admin.posts, queryKeys.admin.reports, queryKeys.feed.all],
    { success: 'reportResolved', error: 'updateReportFailed' },
  );
