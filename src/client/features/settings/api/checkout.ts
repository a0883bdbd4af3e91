import { useMutation } from '@tanstack/react-query';
import type { BillingActionResponse } from '@shared/api-types';
import type { PriceId } from '@shared/constants';
import { api } from '@client/lib/api-client';

/** create-checkout for a paid plan: Stripe's page (url) to open, or the subscription as it is now. */
export function createCheckout(input: { priceId: PriceId }): Promise<BillingActionResponse> {
  return api.post<BillingActionResponse>('/api/subscription/checkout', input);
}

// Each failure is the hook's meta; a success is a Stripe page to open (use-billing-actions.ts).
export function useCheckout() {
  return useMutation({ mutationFn: createCheckout, meta: { error: 'errorWithSubscription' } });
}
