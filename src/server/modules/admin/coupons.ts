/** Admin Coupons (decision 0021): list, create, edit, activate/deactivate and delete. */
import { desc, eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { AdminCouponView, AdminCouponsPage, OkResponse } from '@shared/api-types';
import type { CouponFormData } from '@shared/domain/schemas';
import { coupons } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from './db-errors';
import { ADMIN_PAGE_SIZE, olderThan, pageOf, readCursor } from './paging';

type CouponRow = typeof coupons.$inferSelect;

function couponView(row: CouponRow): AdminCouponView {
  return {
    id: row.id,
    code: row.code,
    monthsFree: row.monthsFree,
    maxRedemptions: row.maxRedemptions,
    redeemedCount: row.redeemedCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a coupon. */
function auditable(row: CouponRow) {
  return {
    code: row.code,
    monthsFree: row.monthsFree,
    maxRedemptions: row.maxRedemptions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    notes: row.notes,
  };
}

const duplicate = () =>
  new AppError('conflict', msg.couponCodeExists, { fields: { code: msg.couponCodeExists } });

/** Duplicates in any case are refused by the unique lower(code) index; its violation becomes 409. */
async function rethrowDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Coupons, newest first, a page at a time (decision 0039), and how many there are in all. */
export async function listCoupons(
  ctx: ServiceContext,
  input: { cursor?: string },
): Promise<AdminCouponsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(coupons)
      .where(olderThan(coupons.createdAt, coupons.id, after))
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(ADMIN_PAGE_SIZE + 1),
    ctx.db.$count(coupons),
  ]);
  const page = pageOf(rows);
  return { coupons: page.rows.map(couponView), total, nextCursor: page.nextCursor };
}

export async function createCoupon(
  ctx: ServiceContext,
  input: CouponFormData,
): Promise<AdminCouponView> {
  requireAdmin(ctx);
  return rethrowDuplicate(
    withTransaction(ctx, async (ctx) => {
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(coupons)
        .values({ ...input, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate();
      await audit(ctx, {
        action: 'coupon.create',
        target: { type: 'coupon', id: row.id },
        after: auditable(row),
      });
      return couponView(row);
    }),
  );
}

export async function updateCoupon(
  ctx: ServiceContext,
  input: { couponId: string } & Partial<CouponFormData>,
): Promise<AdminCouponView> {
  requireAdmin(ctx);
  const { couponId, ...changes } = input;
  return rethrowDuplicate(
    withTransaction(ctx, async (ctx) => {
      const [before] = await ctx.db
        .select()
        .from(coupons)
        .where(eq(coupons.id, couponId))
        .for('update');
      if (!before) throw new AppError('not_found', msg.notFound);
      const [row] = await ctx.db
        .update(coupons)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(coupons.id, couponId))
        .returning();
      await audit(ctx, {
        action: 'coupon.update',
        target: { type: 'coupon', id: couponId },
        before: auditable(before),
        after: auditable(row),
      });
      return couponView(row);
    }),
  );
}

export async function deleteCoupon(
  ctx: ServiceContext,
  input: { couponId: string },
): Promise<OkResponse> {
  requireAdmin(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [before] = await ctx.db.delete(coupons).where(eq(coupons.id, input.couponId)).returning();
    if (!before) throw new AppError('not_found', msg.notFound);
    await audit(ctx, {
      action: 'coupon.delete',
      target: { type: 'coupon', id: input.couponId },
      before: { ...auditable(before), redeemedCount: before.redeemedCount },
      after: null,
    });
  });
  return { ok: true };
}
