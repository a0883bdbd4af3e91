import { SubscriptionsScreen } from '@client/features/admin/components/logs-screens';

export function AdminSubscriptionsRoute() {
  return (
    <>
      <title>Subscriptions · Admin · StackDays</title>
      <SubscriptionsScreen />
    </>
  );
}
