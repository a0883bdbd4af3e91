import { toast } from 'sonner';
import type { SubscriptionView } from '@shared/api-types';
import { PRICES, type PlanKey } from '@shared/constants';
import { planAction } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { useBillingPortal } from '../api/billing-portal';
import { useChangePlan } from '../api/change-plan';
import { useCheckout } from '../api/checkout';

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
 * The billing card's buttons: choosing a plan (Checkout without a live subscription, a change of plan
 * otherwise) and Manage Billing, each opening Stripe's page in a new tab; `busy` while one is on its way.
 */
export function useBillingActions(subscription: SubscriptionView | null) {
  const checkout = useCheckout();
  const changePlan = useChangePlan();
  const portal = useBillingPortal();
  const status = subscription?.status ?? null;
  const stripe = subscription?.provider === 'stripe';
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
          onError: () => tab?.close(),
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
        onError: () => tab?.close(),
      },
    );
  }

  function manageBilling() {
    const tab = pendingTab();
    portal.mutate(undefined, {
      onSuccess: ({ url }) => tab.go(url),
      onError: () => tab.close(),
    });
  }

  return { choosePlan, manageBilling, busy };
}
