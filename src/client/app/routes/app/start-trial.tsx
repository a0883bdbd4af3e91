import { Navigate, useNavigate } from 'react-router';
import { freeTimeState } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { Spinner } from '@client/components/ui/spinner';
import { useSubscription } from '@client/features/auth/api/get-subscription';
import { useStartTrial } from '@client/features/auth/api/start-trial';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { FreeTimeNote } from '@client/components/billing/free-time-note';
import { StartTrialCard } from '@client/features/pricing/components/start-trial-card';
import { trialRequiresCard } from '@client/features/pricing/lib/trial-card';
import { useBillingProvider } from '@client/features/pricing/api/get-billing-provider';
import { pagePath } from '@shared/pages';

export function StartTrialRoute() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { isLoading, subscribed, subscription } = useSubscription(user.userId);
  const startTrial = useStartTrial(user.userId);
  const provider = useBillingProvider();

  if (isLoading) return <Spinner label={msg.loading} />;
  // Already subscribed (a coupon's free months, or a trial started a moment ago): straight to Day 1.
  if (subscribed) return <Navigate to={pagePath('app-home')} replace />;
  // Without payments, free time that has ended leaves no trial to start: say where to ask (0034).
  if (provider.data?.provider === 'builtin' && freeTimeState(subscription) === 'ended')
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4 pt-2 sm:pt-8">
        <title>{msg.common.pageTitle(msg.startYourFreeTrial)}</title>
        <h1 className="text-3xl font-black tracking-tight">{msg.trialAlreadyUsed}</h1>
        <FreeTimeNote
          endedOn={subscription!.currentPeriodEnd}
          contact={subscription!.contact}
          className="text-base"
        />
      </div>
    );

  return (
    <div className="pt-2 sm:pt-8">
      <title>{msg.common.pageTitle(msg.startYourFreeTrial)}</title>
      <StartTrialCard
        pending={startTrial.isPending}
        requireCard={trialRequiresCard() && provider.data?.provider === 'stripe'}
        onStart={() =>
          startTrial.mutate(
            { requireCard: trialRequiresCard() },
            {
              // Stripe: its Checkout page, in this tab (the whole point of this screen). Built-in: started.
              onSuccess: ({ url }) =>
                url ? window.location.assign(url) : navigate(pagePath('app-home')),
            },
          )
        }
      />
    </div>
  );
}
