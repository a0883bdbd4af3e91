import { Link } from 'react-router';
import { CircleAlert, CircleCheck, CreditCard, ExternalLink, Loader } from 'lucide-react';
import type { SubscriptionView } from '@shared/api-types';
import {
  freeTimeState,
  isSubscribed,
  showsManageBilling,
  subscriptionLabel,
  trialDaysLeft,
} from '@shared/domain/subscription';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FreeTimeNote } from '@client/components/billing/free-time-note';
import { useBillingActions } from '../hooks/use-billing-actions';
import { BillingPlans } from './billing-plans';

type CheckoutReturn = 'success' | 'canceled' | null;

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
  returnedFromCheckout?: CheckoutReturn;
}) {
  const actions = useBillingActions(subscription);
  const billing = billingState(subscription, returnedFromCheckout);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden className="size-5 text-accent-text" />
          {msg.billingStatus.billing}
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
            <SubscriptionLines
              subscription={subscription}
              billing={billing}
              returnedFromCheckout={returnedFromCheckout}
            />
            <BillingChoices
              subscription={subscription}
              billing={billing}
              screen={screen}
              actions={actions}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type BillingState = ReturnType<typeof billingState>;

/** What the card shows for this subscription, and whether Checkout's result is still on its way. */
function billingState(subscription: SubscriptionView | null, returnedFromCheckout: CheckoutReturn) {
  const status = subscription?.status ?? null;
  const stripe = subscription?.provider === 'stripe';
  const lifetime = subscription?.comp === 'lifetime';
  return {
    status,
    label: subscriptionLabel(status),
    daysLeft: status === 'trialing' ? trialDaysLeft(subscription?.currentPeriodEnd, new Date()) : 0,
    stripe,
    lifetime,
    // A month comp is free time an admin gave: nothing renews, it ends (decision 0034).
    compUntil:
      status === 'active' && subscription?.comp && !lifetime ? subscription.currentPeriodEnd : null,
    // Back from Checkout, before Stripe's webhook has told us: no plan or trial buttons meanwhile.
    activating: returnedFromCheckout === 'success' && stripe && !subscription?.stripeManaged,
    confirmed: returnedFromCheckout === 'success' && stripe && subscription?.stripeManaged === true,
    freeTime: freeTimeState(subscription),
  };
}

/** The subscription's status, Checkout's news, and the lines about the trial, free time and plan. */
function SubscriptionLines({
  subscription,
  billing,
  returnedFromCheckout,
}: {
  subscription: SubscriptionView | null;
  billing: BillingState;
  returnedFromCheckout: CheckoutReturn;
}) {
  const { status, label, daysLeft, lifetime, compUntil, activating, confirmed } = billing;
  return (
    <>
      {/* Until the webhook lands, the stored status (inactive) is not the member's news. */}
      {!activating && (
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">{msg.common.status}</span>
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
        <p className="text-sm">
          {msg.billingStatus.renews(formatDate(subscription.currentPeriodEnd))}
        </p>
      )}
      {subscription?.plan && (
        <p className="text-sm text-muted-foreground">
          {msg.currentPlan(msg.planLabels[subscription.plan])}
        </p>
      )}
    </>
  );
}

/** What the member can do: start the trial, choose a plan, read about free time, manage billing. */
function BillingChoices({
  subscription,
  billing,
  screen,
  actions,
}: {
  subscription: SubscriptionView | null;
  billing: BillingState;
  screen: 'profile' | 'settings';
  actions: ReturnType<typeof useBillingActions>;
}) {
  const { status, stripe, lifetime, activating, freeTime } = billing;
  return (
    <>
      {/* The trial is once per member: after a trial or a plan has ended, only the plans remain. */}
      {!isSubscribed(status) && !subscription?.currentPeriodEnd && !activating && (
        <div>
          <Link to={pagePath('app-start-trial')} className={buttonVariants({ variant: 'primary' })}>
            {msg.startYourFreeTrial}
          </Link>
        </div>
      )}
      {/* Plans only where they can be bought: Stripe, and not while Checkout's result is on its way. */}
      {stripe && !lifetime && !activating && (
        <BillingPlans
          plan={subscription?.plan}
          status={status}
          busy={actions.busy}
          onChoose={actions.choosePlan}
        />
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
          <Button variant="secondary" onClick={actions.manageBilling} disabled={actions.busy}>
            <ExternalLink aria-hidden className="size-4" />
            {msg.manageBilling}
          </Button>
        </div>
      )}
    </>
  );
}
