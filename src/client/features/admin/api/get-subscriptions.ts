import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminSubscriptionsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/subscriptions?cursor=. */
export const adminSubscriptionsQueryOptions = () =>
  adminPagesQueryOptions<AdminSubscriptionsPage>(
    queryKeys.admin.subscriptions,
    '/api/admin/subscriptions',
  );

export const useAdminSubscriptions = () => useInfiniteQuery(adminSubscriptionsQueryOptions());
