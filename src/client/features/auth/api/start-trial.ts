import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingActionResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/**
 * create-checkout with trial: true. Built-in provider: the trial starts now (url null). Stripe: the
 * Checkout page to go to; with requireCard false it takes no card.
 */
export function startTrial(input: { requireCard: boolean }): Promise<BillingActionResponse> {
  return api.post<BillingActionResponse>('/api/subscription/checkout', { trial: true, ...input });
}

/** The answer carries the member's subscription: store it under their key. */
export function useStartTrial(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    // Its success is a page, not a toast: Stripe's Checkout or the app (start-trial.tsx).
    meta: { error: 'errorStartingTrial' },
    onSuccess: ({ subscription }) =>
      queryClient.setQueryData(queryKeys.subscription.member(userId), subscription),
  });
}
