import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationView,
  AdminSubscriptionView,
  AuditEventsPage,
} from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function useAdminSubscriptions() {
  return useQuery({
    queryKey: queryKeys.admin.subscriptions,
    queryFn: ({ signal }) =>
      api.get<{ subscriptions: AdminSubscriptionView[] }>('/api/admin/subscriptions', { signal }),
  });
}

export function useAdminNotifications(status: string) {
  return useQuery({
    queryKey: queryKeys.admin.notifications(status),
    queryFn: ({ signal }) =>
      api.get<{ notifications: AdminNotificationView[] }>('/api/admin/notifications', {
        query: { status },
        signal,
      }),
  });
}

export function useTriggerReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ sent: number }>('/api/admin/notifications/reminders'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.notificationsAll }),
  });
}

export function useAdminAudit() {
  return useQuery({
    queryKey: queryKeys.admin.audit,
    queryFn: ({ signal }) => api.get<AuditEventsPage>('/api/admin/audit', { signal }),
  });
}
