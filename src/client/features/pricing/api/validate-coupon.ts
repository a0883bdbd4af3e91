import { useQuery } from '@tanstack/react-query';
import type { CouponFailureReason } from '@shared/constants';
import { api } from '@client/lib/api-client';

export interface CouponCheck {
  ok: boolean;
  code: string;
  monthsFree: number;
  reason: CouponFailureReason | null;
}

export function validateCoupon(code: string): Promise<CouponCheck> {
  return api.get('/api/coupons/validate', { query: { code } });
}

/** Checks a normalised code; null checks nothing. A failed call is shown at once, not retried. */
export function useCouponCheck(code: string | null) {
  return useQuery({
    queryKey: ['coupon-check', code],
    queryFn: () => validateCoupon(code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: 60_000,
  });
}
