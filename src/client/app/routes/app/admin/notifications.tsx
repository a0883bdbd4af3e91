import { NotificationsScreen } from '@client/features/admin/components/logs-screens';
import { msg } from '@shared/messages';

export function AdminNotificationsRoute() {
  return (
    <>
      <title>{msg.adminNotificationsPage.title}</title>
      <NotificationsScreen />
    </>
  );
}
