import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingActionResponse, BillingPortalResponse } from '@shared/api-types';
import { PLAN_CHANGE_REFRESH_DELAY_MS, type PriceId } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** create-checkout for a paid plan: Stripe's page (url) to open, or the subscription as it is now. */
export function createCheckout(input: { priceId: PriceId }): Promise<BillingActionResponse> {
  return api.post<BillingActionResponse>('/api/subscription/checkout', input);
}

export function changePlan(input: { priceId: PriceId }): Promise<BillingActionResponse> {
  return api.post<BillingActionResponse>('/api/subscription/change-plan', input);
}

export function openBillingPortal(): Promise<BillingPortalResponse> {
  return api.post<BillingPortalResponse>('/api/subscription/portal');
}

export function useCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

/** change-plan, then the status is read again after a second (spec), when Stripe's webhook has landed. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => {
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all }),
        PLAN_CHANGE_REFRESH_DELAY_MS,
      );
    },
  });
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
