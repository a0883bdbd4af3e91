import { eq, sql } from 'drizzle-orm';
import { DAYS_PER_FREE_MONTH, type CompOption } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { SubscriptionView } from '@shared/api-types';
import { subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { subscriptionRow } from '../../queries/subscription';
import { DAY_MS, toView } from './view';

// Time given for free: free months (a coupon, a buddy invite) and an admin's comp, each audited.

/**
 * Free months from a coupon or a buddy invite (a building block for the services that grant them):
 * a trial that ends months x 30 days from now, or, when the member already has time, that much
 * later than their current period end. A lifetime comp stays as it is. Audited in the caller's
 * transaction.
 */
export async function grantFreeMonths(
  ctx: ServiceContext,
  input: { userId: string; months: number; reason: 'coupon' | 'invite' | 'admin' },
): Promise<void> {
  await withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const extraMs = input.months * DAYS_PER_FREE_MONTH * DAY_MS;
    const nowIso = now.toISOString();
    const before = await subscriptionRow(ctx.db, input.userId, true);
    if (before?.comp === 'lifetime') return;
    const [after] = await ctx.db
      .insert(subscriptions)
      .values({
        userId: input.userId,
        status: 'trialing',
        currentPeriodEnd: new Date(now.getTime() + extraMs),
      })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: {
          status: sql`case when ${subscriptions.status} = 'active' then 'active' else 'trialing' end`,
          currentPeriodEnd: sql`greatest(coalesce(${subscriptions.currentPeriodEnd}, ${nowIso}::timestamptz), ${nowIso}::timestamptz) + (${extraMs} * interval '1 millisecond')`,
          updatedAt: now,
        },
      })
      .returning();
    await audit(ctx, {
      action: 'subscription.free_months',
      target: { type: 'user', id: input.userId },
      before: before ? toView(ctx.config, before) : null,
      after: { ...toView(ctx.config, after), months: input.months, reason: input.reason },
    });
  });
}

export type CompChoice = CompOption | 1 | 3 | 6 | 12;

/**
 * An admin's comp (the Add User dialog): 1, 3, 6 or 12 free months, or lifetime. Months make the
 * subscription active until months x 30 days from now (or from the end of the time already given);
 * lifetime makes it active with no period end, marked comp = 'lifetime', which the expiry job never
 * touches. 'none' changes nothing. A member paying through Stripe is refused: Stripe owns that row.
 */
export async function grantComp(
  ctx: ServiceContext,
  input: { userId: string; comp: CompChoice },
): Promise<SubscriptionView> {
  requireAdmin(ctx);
  const comp = String(input.comp) as CompOption;
  return withTransaction(ctx, async (ctx) => {
    const [target] = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, input.userId))
      .limit(1);
    if (!target) throw new AppError('not_found', msg.notFound);
    const before = await subscriptionRow(ctx.db, input.userId, true);
    if (comp === 'none') return toView(ctx.config, before);
    if (before?.stripeSubscriptionId && isSubscribed(before.status) && before.comp === null)
      throw new AppError('conflict', msg.compOnPaidSubscription);
    const now = ctx.now();
    const nowIso = now.toISOString();
    const lifetime = comp === 'lifetime';
    const extraMs = lifetime ? 0 : Number(comp) * DAYS_PER_FREE_MONTH * DAY_MS;
    const [after] = await ctx.db
      .insert(subscriptions)
      .values({
        userId: input.userId,
        status: 'active',
        comp,
        currentPeriodEnd: lifetime ? null : new Date(now.getTime() + extraMs),
      })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: {
          status: 'active',
          comp,
          currentPeriodEnd: lifetime
            ? null
            : sql`greatest(coalesce(${subscriptions.currentPeriodEnd}, ${nowIso}::timestamptz), ${nowIso}::timestamptz) + (${extraMs} * interval '1 millisecond')`,
          updatedAt: now,
        },
      })
      .returning();
    await audit(ctx, {
      action: 'subscription.comp',
      target: { type: 'user', id: input.userId },
      before: before ? toView(ctx.config, before) : null,
      after: toView(ctx.config, after),
    });
    return toView(ctx.config, after);
  });
}
