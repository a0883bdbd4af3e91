/**
 * Ends trials, free months and month comps whose period has passed (decision 0018), on time: the
 * server's billing-expiry job (src/server/jobs.ts) runs `expireEndedPeriods` every
 * BILLING_EXPIRY_INTERVAL_SECONDS. One conditional UPDATE ...
 * RETURNING claims the rows, so two processes running it at once each end a row at most once between
 * them, and every ended row gets its audit record in the same transaction. Rows Stripe manages (a
 * Stripe subscription id) are left to Stripe's webhooks; lifetime comps have no period end.
 */
import { and, inArray, isNull, lte } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';

export async function expireEndedPeriods(ctx: ServiceContext): Promise<{ expired: number }> {
  requireAdmin(ctx); // the system actor
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const ended = await ctx.db
      .update(subscriptions)
      .set({ status: 'inactive', comp: null, updatedAt: now })
      .where(
        and(
          inArray(subscriptions.status, ['trialing', 'active']),
          lte(subscriptions.currentPeriodEnd, now),
          isNull(subscriptions.stripeSubscriptionId),
        ),
      )
      .returning({
        userId: subscriptions.userId,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      });
    for (const row of ended) {
      await audit(ctx, {
        action: 'subscription.expire',
        target: { type: 'user', id: row.userId },
        before: null,
        after: { status: 'inactive', periodEnd: row.currentPeriodEnd?.toISOString() ?? null },
      });
    }
    if (ended.length) ctx.logger.info({ expired: ended.length }, 'billing: periods ended');
    return { expired: ended.length };
  });
}
