import { useQuery } from '@tanstack/react-query';
import type { CouponCheckResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function validateCoupon(code: string): Promise<CouponCheckResponse> {
  return api.get('/api/coupons/validate', { query: { code } });
}

/** Checks a normalised code; null checks nothing. A failed call is shown at once, not retried. */
export function useCouponCheck(code: string | null) {
  return useQuery({
    queryKey: queryKeys.coupons.check(code),
    queryFn: () => validateCoupon(code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: 60_000,
  });
}
