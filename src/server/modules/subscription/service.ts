import { eq, sql } from 'drizzle-orm';
import { DAYS_PER_FREE_MONTH, TRIAL_DAYS } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { SubscriptionView } from '@shared/api-types';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

function toView(row: SubscriptionRow | undefined): SubscriptionView {
  const status = row?.status ?? 'inactive';
  return {
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    priceId: row?.priceId ?? null,
    subscribed: isSubscribed(status),
  };
}

async function subscriptionRow(db: DbOrTx, userId: string, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The signed-in member's subscription (inactive when they have none). */
export async function getSubscription(ctx: ServiceContext): Promise<SubscriptionView> {
  const member = requireMember(ctx);
  return toView(await subscriptionRow(ctx.db, member.userId));
}

/** The 30-day free trial, no card: once per member. Subscribed members keep what they have. */
export async function startTrial(ctx: ServiceContext): Promise<SubscriptionView> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const current = await subscriptionRow(ctx.db, member.userId, true);
    if (current && isSubscribed(current.status)) return toView(current);
    if (current) throw new AppError('conflict', msg.trialAlreadyUsed);
    const now = ctx.now();
    const [created] = await ctx.db
      .insert(subscriptions)
      .values({
        userId: member.userId,
        status: 'trialing',
        currentPeriodEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      })
      .onConflictDoNothing({ target: subscriptions.userId })
      .returning();
    // A concurrent request started it first: answer with what it made.
    if (!created) return toView(await subscriptionRow(ctx.db, member.userId));
    await audit(ctx, {
      action: 'subscription.trial_start',
      target: { type: 'user', id: member.userId },
      before: null,
      after: toView(created),
    });
    return toView(created);
  });
}

/**
 * Free months from a coupon or a buddy invite (a building block for the services that grant them):
 * a trial that ends months x 30 days from now, or, when the member already has time, that much
 * later than their current period end. Audited in the caller's transaction.
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
      before: before ? toView(before) : null,
      after: { ...toView(after), months: input.months, reason: input.reason },
    });
  });
}
