import { useMutation } from '@tanstack/react-query';
import type { BillingPortalResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

/** POST /api/subscription/portal: Stripe's billing page for this member. */
export function openBillingPortal(): Promise<BillingPortalResponse> {
  return api.post<BillingPortalResponse>('/api/subscription/portal');
}

export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    meta: { error: 'errorOpeningBillingPortal' },
  });
}
