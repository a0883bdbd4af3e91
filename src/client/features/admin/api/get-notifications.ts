import type { AdminNotificationsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './admin-pages';

/** GET /api/admin/notifications?status=&cursor=. */
export const useAdminNotifications = (status: string) =>
  useAdminPages<AdminNotificationsPage>(
    queryKeys.admin.notifications(status),
    '/api/admin/notifications',
    { status },
  );
