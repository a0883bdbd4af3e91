import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminNotificationsPage } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { adminPagesQueryOptions } from './admin-pages';

/** GET /api/admin/notifications?status=&cursor=. */
export const adminNotificationsQueryOptions = (status: string) =>
  adminPagesQueryOptions<AdminNotificationsPage>(
    queryKeys.admin.notifications(status),
    '/api/admin/notifications',
    { status },
  );

export const useAdminNotifications = (status: string) =>
  useInfiniteQuery(adminNotificationsQueryOptions(status));
