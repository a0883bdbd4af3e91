import type { AuditEventsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/audit?cursor=. */
export const useAdminAudit = () =>
  useAdminPages<AuditEventsPage>(queryKeys.admin.audit, '/api/admin/audit');
