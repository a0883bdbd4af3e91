import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { normalizeCouponCode } from '@shared/domain/coupon-status';
import type { CouponCheckResponse } from '@shared/api-types';
import { couponRedemptions, coupons } from '../../db/schema';
import { audit } from '../../lib/audit';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { enforce } from '../../lib/rate-limit';
import { validateCoupon } from '../../queries/coupon-check';
import { grantFreeMonths } from '../subscription/grants';

/** The pricing page's coupon box: anyone may ask, slowly (guessing codes one request at a time). */
export async function checkCoupon(
  ctx: ServiceContext,
  input: { code: string },
): Promise<CouponCheckResponse> {
  await enforce(
    ctx.db,
    [{ key: `coupon-check:ip:${ctx.ip ?? 'unknown'}`, max: 60, windowSeconds: 600 }],
    { now: ctx.now() },
  );
  const result = await validateCoupon(ctx.db, input.code, ctx.now());
  return {
    ok: result.ok,
    code: result.code,
    monthsFree: result.monthsFree,
    reason: result.reason,
  };
}

/**
 * Redeems a coupon for an account and grants its free months, in the caller's transaction: a
 * redemption row (unique per coupon and account), one use counted by a conditional UPDATE (two
 * accounts racing for the last use cannot both get it), the months, and an audit record. Returns the
 * months granted: 0 when the coupon cannot be used or this account already used it.
 */
export async function redeemCoupon(
  ctx: ServiceContext,
  input: { code: string; userId: string },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const code = normalizeCouponCode(input.code);
    const [found] = await ctx.db
      .select({ id: coupons.id })
      .from(coupons)
      .where(sql`lower(${coupons.code}) = lower(${code})`)
      .limit(1);
    if (!found) return 0;
    // The account's one use of this coupon: a second redemption finds the row and gets nothing.
    const [redemption] = await ctx.db
      .insert(couponRedemptions)
      .values({ couponId: found.id, userId: input.userId, monthsFree: 0, redeemedAt: now })
      .onConflictDoNothing()
      .returning({ id: couponRedemptions.id });
    if (!redemption) return 0;
    const [coupon] = await ctx.db
      .update(coupons)
      .set({ redeemedCount: sql`${coupons.redeemedCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(coupons.id, found.id),
          eq(coupons.isActive, true),
          or(
            isNull(coupons.expiresAt),
            sql`${coupons.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
          or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
        ),
      )
      .returning({ code: coupons.code, monthsFree: coupons.monthsFree });
    if (!coupon) {
      await ctx.db.delete(couponRedemptions).where(eq(couponRedemptions.id, redemption.id));
      return 0;
    }
    await ctx.db
      .update(couponRedemptions)
      .set({ monthsFree: coupon.monthsFree })
      .where(eq(couponRedemptions.id, redemption.id));
    await audit(ctx, {
      action: 'coupon.redeem',
      target: { type: 'user', id: input.userId },
      after: { coupon: coupon.code, monthsFree: coupon.monthsFree },
    });
    await grantFreeMonths(ctx, {
      userId: input.userId,
      months: coupon.monthsFree,
      reason: 'coupon',
    });
    return coupon.monthsFree;
  });
}
