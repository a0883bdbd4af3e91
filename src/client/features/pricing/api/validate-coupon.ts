import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponCheckResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function validateCoupon(code: string): Promise<CouponCheckResponse> {
  return api.get('/api/coupons/validate', { query: { code } });
}

/** A failed call is shown at once, not retried. `null` checks nothing: the hook leaves it disabled. */
export const couponCheckQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.coupons.check(code),
    queryFn: () => validateCoupon(code!),
    retry: false,
    staleTime: 60_000,
  });

/** Checks a normalised code; null checks nothing. */
export function useCouponCheck(code: string | null) {
  return useQuery({ ...couponCheckQueryOptions(code), enabled: Boolean(code) });
}
