import { DAYS_PER_FREE_MONTH, type CouponFailureReason, type CouponStatus } from '../constants';
import { msg } from '../messages';

export interface CouponState {
  isActive: boolean;
  /** null when the coupon never expires. */
  expiresAt: Date | string | null;
  /** null when redemptions are unlimited. */
  maxRedemptions: number | null;
  redeemedCount: number;
}

/**
 * The coupon's status, checked in the spec's order: inactive, expired,
 * exhausted, active. A coupon stops working at its expiry instant.
 */
export function couponStatus(coupon: CouponState, now: Date): CouponStatus {
  if (!coupon.isActive) return 'inactive';
  if (coupon.expiresAt !== null && new Date(coupon.expiresAt).getTime() <= now.getTime()) {
    return 'expired';
  }
  if (coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions) {
    return 'exhausted';
  }
  return 'active';
}

/** Codes are compared trimmed and upper-cased, so ' spring25 ' finds SPRING25. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The member-facing message for a failed coupon check; any unknown reason reads 'Invalid coupon code'. */
export function couponMessage(
  reason: CouponFailureReason | (string & {}) | null | undefined,
): string {
  switch (reason) {
    case 'not_found':
      return msg.couponNotFound;
    case 'inactive':
      return msg.couponInactive;
    case 'expired':
      return msg.couponExpired;
    case 'exhausted':
      return msg.couponExhausted;
    default:
      return msg.couponInvalid;
  }
}

/** Free months are shown (and granted) as 30 free days each. */
export function couponFreeDays(monthsFree: number): number {
  return monthsFree * DAYS_PER_FREE_MONTH;
}
