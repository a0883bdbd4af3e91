import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationsPage,
  AdminRemindersTriggered,
  AdminSubscriptionsPage,
  AuditEventsPage,
  SubscriptionView,
} from '@shared/api-types';
import type { CompOption } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminPages } from './pages';

export const useAdminSubscriptions = () =>
  useAdminPages<AdminSubscriptionsPage>(queryKeys.admin.subscriptions, '/api/admin/subscriptions');

/** An admin's comp for a member whose access has ended (decision 0034); the list is read again. */
export function useGiveComp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; comp: CompOption }) =>
      api.post<SubscriptionView>(`/api/admin/users/${encodeURIComponent(input.userId)}/comp`, {
        comp: input.comp,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.subscriptions }),
  });
}

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
