import { Link } from 'react-router';
import { CircleAlert, CircleCheck, CreditCard, ExternalLink, Loader } from 'lucide-react';
import { toast } from 'sonner';
import type { SubscriptionView } from '@shared/api-types';
import { PRICES, ROUTES, type PlanKey } from '@shared/constants';
import {
  freeTimeState,
  isSubscribed,
  planAction,
  showsManageBilling,
  subscriptionLabel,
  trialDaysLeft,
} from '@shared/domain/subscription';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FreeTimeNote } from '@client/components/billing/free-time-note';
import { useBillingPortal, useChangePlan, useCheckout } from '../api/billing';

const PLANS: { key: PlanKey; name: string; per: string }[] = [
  { key: 'monthly', name: 'Monthly', per: 'month' },
  { key: 'yearly', name: 'Yearly', per: 'year' },
];

/**
 * A tab opened during the click (so no pop-up blocker stops it) and pointed at Stripe once the server
 * answers with a page; closed again when there is nothing to open.
 */
function pendingTab() {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url: string | null) {
      if (url && tab) tab.location.href = url;
      else if (url) window.location.assign(url);
      else tab?.close();
    },
    close: () => tab?.close(),
  };
}

/**
 * Billing wherever it shows (the profile Settings tab, /app/settings): ACTIVE, TRIAL with the days left,
 * PAST DUE, CANCELED or INACTIVE; the plans (checkout without a live subscription, a change of plan
 * otherwise); and Manage Billing (active or trialing on the profile tab, only active on Settings, and
 * only where Stripe takes the payments). Without payments no plan button shows: the card says what
 * happens when free time ends and where to ask for more (decision 0034). Back from Checkout
 * (`returnedFromCheckout`), it says the plan is being activated until Stripe's webhook has landed.
 */
export function BillingStatus({
  subscription,
  isLoading,
  isError,
  screen,
  returnedFromCheckout = null,
}: {
  subscription: SubscriptionView | null;
  isLoading: boolean;
  isError: boolean;
  screen: 'profile' | 'settings';
  /** /app/settings?checkout=…: the member is back from Stripe Checkout. */
  returnedFromCheckout?: 'success' | 'canceled' | null;
}) {
  const checkout = useCheckout();
  const changePlan = useChangePlan();
  const portal = useBillingPortal();
  const status = subscription?.status ?? null;
  const label = subscriptionLabel(status);
  const daysLeft =
    status === 'trialing' ? trialDaysLeft(subscription?.currentPeriodEnd, new Date()) : 0;
  const stripe = subscription?.provider === 'stripe';
  const lifetime = subscription?.comp === 'lifetime';
  // A month comp is free time an admin gave: nothing renews, it ends (decision 0034).
  const compUntil =
    status === 'active' && subscription?.comp && !lifetime ? subscription.currentPeriodEnd : null;
  // Back from Checkout, before Stripe's webhook has told us: no plan or trial buttons meanwhile.
  const activating = returnedFromCheckout === 'success' && stripe && !subscription?.stripeManaged;
  const confirmed =
    returnedFromCheckout === 'success' && stripe && subscription?.stripeManaged === true;
  const freeTime = freeTimeState(subscription);
  const busy = checkout.isPending || changePlan.isPending || portal.isPending;

  function choosePlan(plan: PlanKey) {
    const priceId = PRICES[plan].priceId;
    // The built-in provider takes no payments: the server says so, no tab is opened.
    const tab = stripe ? pendingTab() : null;
    if (planAction(status) === 'checkout') {
      checkout.mutate(
        { priceId },
        {
          onSuccess: ({ url }) => tab?.go(url),
          onError: (error) => {
            tab?.close();
            toast.error(errorMessage(error, msg.errorWithSubscription));
          },
        },
      );
      return;
    }
    changePlan.mutate(
      { priceId },
      {
        onSuccess: ({ url }) => {
          tab?.go(url);
          if (!url) toast.success(msg.planUpdated);
        },
        onError: (error) => {
          tab?.close();
          toast.error(errorMessage(error, msg.errorChangingPlan));
        },
      },
    );
  }

  function manageBilling() {
    const tab = pendingTab();
    portal.mutate(undefined, {
      onSuccess: ({ url }) => tab.go(url),
      onError: (error) => {
        tab.close();
        toast.error(errorMessage(error, msg.errorOpeningBillingPortal));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden className="size-5 text-accent-text" />
          Billing
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isLoading ? (
          <p className="text-sm text-muted-foreground">{msg.loading}</p>
        ) : isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-danger">
            <CircleAlert aria-hidden className="size-4" />
            {msg.errorLoadingSubscription}
          </p>
        ) : (
          <>
            {/* Until the webhook lands, the stored status (inactive) is not the member's news. */}
            {!activating && (
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground">Status</span>
                <span
                  data-testid="subscription-status"
                  className="rounded-full border border-border bg-muted px-3 py-1 text-xs font-bold tracking-wide"
                >
                  {label}
                </span>
              </p>
            )}
            {activating && (
              <p
                role="status"
                className="flex items-start gap-2 rounded-xl border border-border bg-muted p-3 text-sm"
              >
                <Loader
                  aria-hidden
                  className="mt-0.5 size-4 shrink-0 animate-spin motion-reduce:animate-none"
                />
                {msg.checkoutActivating}
              </p>
            )}
            {confirmed && (
              <p role="status" className="flex items-center gap-2 text-sm font-semibold">
                <CircleCheck aria-hidden className="size-4 text-accent-text" />
                {msg.checkoutConfirmed}
              </p>
            )}
            {returnedFromCheckout === 'canceled' && !isSubscribed(status) && (
              <p role="status" className="text-sm text-muted-foreground">
                {msg.checkoutCanceled}
              </p>
            )}
            {status === 'trialing' && <p className="text-sm">{msg.trialDaysLeft(daysLeft)}</p>}
            {lifetime && <p className="text-sm">{msg.freeForLife}</p>}
            {compUntil && <p className="text-sm">{msg.freeUntil(formatDate(compUntil))}</p>}
            {status === 'active' && !subscription?.comp && subscription?.currentPeriodEnd && (
              <p className="text-sm">Renews {formatDate(subscription.currentPeriodEnd)}</p>
            )}
            {subscription?.plan && (
              <p className="text-sm text-muted-foreground">
                {msg.currentPlan(subscription.plan === 'yearly' ? 'Yearly' : 'Monthly')}
              </p>
            )}
            {/* The trial is once per member: after a trial or a plan has ended, only the plans remain. */}
            {!isSubscribed(status) && !subscription?.currentPeriodEnd && !activating && (
              <div>
                <Link to={ROUTES.startTrial} className={buttonVariants({ variant: 'primary' })}>
                  {msg.startYourFreeTrial}
                </Link>
              </div>
            )}
            {/* Plans only where they can be bought: Stripe, and not while Checkout's result is on its way. */}
            {stripe && !lifetime && !activating && (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Plans">
                {PLANS.map(({ key, name, per }) => {
                  const price = PRICES[key];
                  const current = subscription?.plan === key && isSubscribed(status);
                  return (
                    <li
                      key={key}
                      className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4"
                    >
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-semibold">{name}</span>
                        {price.savings && (
                          <span className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-semibold">
                            {price.savings}
                          </span>
                        )}
                      </div>
                      <p>
                        <span className="text-2xl font-black tabular">${price.amountUsd}</span>
                        <span className="text-muted-foreground">/{per}</span>
                      </p>
                      <Button
                        variant="secondary"
                        disabled={busy || current}
                        onClick={() => choosePlan(key)}
                      >
                        {current ? 'Current plan' : `Choose ${name.toLowerCase()}`}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            {!stripe && freeTime === 'unused' && (
              <p className="text-sm text-muted-foreground">{msg.paymentsNotConfigured}</p>
            )}
            {!stripe && (freeTime === 'free' || freeTime === 'ended') && (
              <FreeTimeNote
                endedOn={freeTime === 'ended' ? subscription!.currentPeriodEnd : null}
                contact={subscription?.contact ?? null}
              />
            )}
            {stripe && showsManageBilling(status, screen) && (
              <div>
                <Button variant="secondary" onClick={manageBilling} disabled={busy}>
                  <ExternalLink aria-hidden className="size-4" />
                  {msg.manageBilling}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
