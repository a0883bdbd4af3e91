import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingProviderResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getBillingProvider(): Promise<BillingProviderResponse> {
  return api.get<BillingProviderResponse>('/api/subscription/provider');
}

export const billingProviderQueryOptions = queryOptions({
  queryKey: queryKeys.billing.provider,
  queryFn: getBillingProvider,
  staleTime: Infinity,
});

/** How this server takes payments (Stripe, or built-in: no payments). Public; read once. */
export function useBillingProvider() {
  return useQuery(billingProviderQueryOptions);
}
