import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationsPage,
  AdminRemindersTriggered,
  AdminSubscriptionsPage,
  AuditEventsPage,
} from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './pages';

export const useAdminSubscriptions = () =>
  useAdminPages<AdminSubscriptionsPage>(queryKeys.admin.subscriptions, '/api/admin/subscriptions');

export const useAdminNotifications = (status: string) =>
  useAdminPages<AdminNotificationsPage>(
    queryKeys.admin.notifications(status),
    '/api/admin/notifications',
    { status },
  );

export function useTriggerReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AdminRemindersTriggered>('/api/admin/notifications/reminders'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.notificationsAll }),
  });
}

export const useAdminAudit = () =>
  useAdminPages<AuditEventsPage>(queryKeys.admin.audit, '/api/admin/audit');
