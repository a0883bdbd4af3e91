import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEventsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/audit?cursor=. */
export const adminAuditQueryOptions = () =>
  adminPagesQueryOptions<AuditEventsPage>(queryKeys.admin.audit, '/api/admin/audit');

export const useAdminAudit = () => useInfiniteQuery(adminAuditQueryOptions());
