/**
 * Subscriptions and billing (decision 0018): the member's status, the trial, free months, comps,
 * checkout, the Billing Portal and a change of plan, on the Stripe or the built-in provider
 * (provider.ts). Webhooks are in webhook.ts, the expiry job in expiry.ts.
 *
 * This file holds the member's status and the trial; free months and comps are in grants.ts, checkout,
 * the Billing Portal, a change of plan and cancelling in checkout.ts, the row they all read in
 * subscription-row.ts.
 */
import { sql } from 'drizzle-orm';
import { TRIAL_DAYS } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { BillingProviderResponse, SubscriptionView } from '@shared/api-types';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { billingProviderKind } from '../../lib/billing-provider';
import { subscriptionRow } from '../../queries/subscription';
import { DAY_MS, toView } from './view';

/** The signed-in member's subscription (inactive when they have none). */
export async function getSubscription(ctx: ServiceContext): Promise<SubscriptionView> {
  const member = requireMember(ctx);
  return toView(ctx.config, await subscriptionRow(ctx.db, member.userId));
}

/** Anyone may ask how this server takes payments (the pricing page words its trial box from it). */
export function getBillingProvider(ctx: ServiceContext): BillingProviderResponse {
  return {
    provider: billingProviderKind(ctx.config),
    requireSubscription: ctx.config.requireSubscription,
    contact: ctx.config.billingContact,
  };
}

/**
 * The 30-day free trial, no card, on the built-in provider: once per member. Subscribed members keep
 * what they have. With Stripe the trial starts at Checkout (createCheckout), so the card choice and
 * Stripe's own trial apply; this refuses rather than hand out a trial Stripe never hears of.
 */
export async function startTrial(ctx: ServiceContext): Promise<SubscriptionView> {
  const member = requireMember(ctx);
  if (billingProviderKind(ctx.config) === 'stripe')
    throw new AppError('conflict', msg.trialStartsAtCheckout);
  return withTransaction(ctx, async (ctx) => {
    const current = await subscriptionRow(ctx.db, member.userId, true);
    if (current && isSubscribed(current.status)) return toView(ctx.config, current);
    // A row made only to hold a Stripe customer id (checkout opened, never finished) is no trial.
    // Without payments the member is told where more time comes from (decision 0034).
    if (current && (current.currentPeriodEnd || current.stripeSubscriptionId || current.comp))
      throw new AppError('conflict', msg.trialUsedAskForAccess(ctx.config.billingContact));
    const now = ctx.now();
    const values = {
      status: 'trialing',
      currentPeriodEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      updatedAt: now,
    };
    const [created] = await ctx.db
      .insert(subscriptions)
      .values({ userId: member.userId, ...values })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: values,
        // Only the customer-only row (see above) is taken over; a concurrent trial is left alone.
        setWhere: sql`${subscriptions.currentPeriodEnd} is null and ${subscriptions.stripeSubscriptionId} is null and ${subscriptions.comp} is null`,
      })
      .returning();
    if (!created) return toView(ctx.config, await subscriptionRow(ctx.db, member.userId));
    await audit(ctx, {
      action: 'subscription.trial_start',
      target: { type: 'user', id: member.userId },
      before: current ? toView(ctx.config, current) : null,
      after: toView(ctx.config, created),
    });
    return toView(ctx.config, created);
  });
}
