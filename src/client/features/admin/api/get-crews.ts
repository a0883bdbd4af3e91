import type { AdminCrewsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/crews: every crew, newest first (issue 30). */
export const useAdminCrews = () =>
  useAdminPages<AdminCrewsPage>(queryKeys.admin.crews, '/api/admin/crews');
