import { SubscriptionsScreen } from '@client/features/admin/components/logs-screens';
import { msg } from '@shared/messages';

export function AdminSubscriptionsRoute() {
  return (
    <>
      <title>{msg.adminSubscriptionsPage.title}</title>
      <SubscriptionsScreen />
    </>
  );
}
