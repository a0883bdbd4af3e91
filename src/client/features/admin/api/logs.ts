import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationView,
  AdminSubscriptionView,
  AuditEventsPage,
  SubscriptionView,
} from '@shared/api-types';
import type { CompOption } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function useAdminSubscriptions() {
  return useQuery({
    queryKey: queryKeys.admin.subscriptions,
    queryFn: ({ signal }) =>
      api.get<{ subscriptions: AdminSubscriptionView[] }>('/api/admin/subscriptions', { signal }),
  });
}

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
