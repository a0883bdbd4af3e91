import type { AdminSubscriptionsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/subscriptions?cursor=. */
export const useAdminSubscriptions = () =>
  useAdminPages<AdminSubscriptionsPage>(queryKeys.admin.subscriptions, '/api/admin/subscriptions');
