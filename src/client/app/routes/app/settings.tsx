import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { subscriptionQueryOptions } from '@client/features/auth/api/get-subscription';
import { useSignOut } from '@client/features/auth/api/sign-out';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { AccountSummary } from '@client/features/settings/components/account-summary';
import { BillingStatus } from '@client/features/settings/components/billing-status';
import { SignOutCard } from '@client/features/settings/components/sign-out-card';
import { YourData } from '@client/features/settings/components/your-data';
import { ConnectionsCard } from '@client/features/connections/components/connections-card';
import { FuelTargetsCard } from '@client/features/connections/components/fuel-targets-card';
import { RestDaysSettings } from '@client/features/streaks/components/rest-days-settings';

const ACTIVATION_POLL_MS = 2000;

/** /app/settings: account e-mail, member-since date, billing, connections, your data and sign out. */
export function SettingsRoute() {
  const user = useSignedInUser();
  // Back from Stripe Checkout (?checkout=success): the plan starts when Stripe's webhook lands, so the
  // status is read again every few seconds until it has (decision 0034).
  const checkoutParam = useSearchParams()[0].get('checkout');
  const returnedFromCheckout =
    checkoutParam === 'success' || checkoutParam === 'canceled' ? checkoutParam : null;
  const subscription = useQuery({
    ...subscriptionQueryOptions(user.userId),
    refetchInterval: (query) =>
      returnedFromCheckout === 'success' &&
      query.state.data?.provider === 'stripe' &&
      !query.state.data.stripeManaged
        ? ACTIVATION_POLL_MS
        : false,
  });
  // No navigate here: once the session is cleared, the guard itself sends the member to '/'.
  const signOut = useSignOut({ onSignedOut: () => toast.success(msg.signedOut) });
  return (
    <>
      <title>{msg.settingsPage.title}</title>
      <ScreenHeading>{msg.settingsTab}</ScreenHeading>
      <div className="flex flex-col gap-6">
        <AccountSummary email={user.email} memberSince={user.createdAt} />
        <BillingStatus
          subscription={subscription.data ?? null}
          isLoading={subscription.isPending}
          isError={subscription.isError}
          screen="settings"
          returnedFromCheckout={returnedFromCheckout}
        />
        {/* Rest days for forgiving streaks (issue 43). */}
        <RestDaysSettings />
        <ConnectionsCard unitPref={user.unitPref} />
        <FuelTargetsCard unitPref={user.unitPref} />
        <YourData />
        <SignOutCard onSignOut={() => signOut.mutate()} pending={signOut.isPending} />
      </div>
    </>
  );
}
