import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CouponFailureReason } from '@shared/constants';
import { couponStatus, normalizeCouponCode } from '@shared/domain/coupon-status';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema';

export type CouponCheck =
  | { ok: true; code: string; monthsFree: number; reason: null }
  | { ok: false; code: string; monthsFree: 0; reason: CouponFailureReason };

/** Looks a code up (trimmed, any case) and reports its display status. */
export async function validateCoupon(
  db: DbOrTx,
  rawCode: string,
  now = new Date(),
): Promise<CouponCheck> {
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

/**
 * Redeems one use of a coupon. A single conditional UPDATE, so two members racing for the last use of a
 * limited coupon cannot both get it. Returns the months granted, or null when it can no longer be used.
 */
export async function redeemCoupon(
  db: DbOrTx,
  rawCode: string,
  now = new Date(),
): Promise<number | null> {
  const code = normalizeCouponCode(rawCode);
  const [row] = await db
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1`, updatedAt: now })
    .where(
      and(
        sql`lower(${coupons.code}) = lower(${code})`,
        eq(coupons.isActive, true),
        or(
          isNull(coupons.expiresAt),
          sql`${coupons.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
        or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
      ),
    )
    .returning({ monthsFree: coupons.monthsFree });
  return row?.monthsFree ?? null;
}
