import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingActionResponse } from '@shared/api-types';
import { PLAN_CHANGE_REFRESH_DELAY_MS, type PriceId } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function changePlan(input: { priceId: PriceId }): Promise<BillingActionResponse> {
  return api.post<BillingActionResponse>('/api/subscription/change-plan', input);
}

/**
 * change-plan, then the status is read again after a second (spec), when Stripe's webhook has landed.
 * Its success says "updated" only when no page comes back, so the billing actions say it.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    meta: { error: 'errorChangingPlan' },
    onSuccess: () => {
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all }),
        PLAN_CHANGE_REFRESH_DELAY_MS,
      );
    },
  });
}
