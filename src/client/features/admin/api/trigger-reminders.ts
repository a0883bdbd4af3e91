import type { AdminRemindersTriggered } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/notifications/reminders. */
export function triggerReminders(): Promise<AdminRemindersTriggered> {
  return api.post<AdminRemindersTriggered>('/api/admin/notifications/reminders');
}

export const useTriggerReminders = () =>
  // Its success carries the counts from the answer as a description: logs-screens.tsx says it.
  useAdminMutation(triggerReminders, [queryKeys.admin.notificationsAll], {
    error: 'errorTriggeringReminders',
  });
