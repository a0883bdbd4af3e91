import { sql } from 'drizzle-orm';
import type { CouponFailureReason } from '@shared/constants';
import { couponStatus, normalizeCouponCode } from '@shared/domain/coupon-status';
import type { DbOrTx } from '../db/client';
import { coupons } from '../db/schema';

export type CouponCheck =
  | { ok: true; code: string; monthsFree: number; reason: null }
  | { ok: false; code: string; monthsFree: 0; reason: CouponFailureReason };

/** Looks a code up (trimmed, any case) and reports its display status. A building block: no limits. */
export async function validateCoupon(db: DbOrTx, rawCode: string, now: Date): Promise<CouponCheck> {
  const code = normalizeCouponCode(rawCode);
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (!coupon) return { ok: false, code, monthsFree: 0, reason: 'not_found' };
  const status = couponStatus(coupon, now);
  if (status !== 'active') return { ok: false, code, monthsFree: 0, reason: status };
  return { ok: true, code: coupon.code, monthsFree: coupon.monthsFree, reason: null };
}
