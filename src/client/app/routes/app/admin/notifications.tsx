import { NotificationsScreen } from '@client/features/admin/components/logs-screens';

export function AdminNotificationsRoute() {
  return (
    <>
      <title>Notifications · Admin · StackDays</title>
      <NotificationsScreen />
    </>
  );
}
