import { eq, sql } from 'drizzle-orm';
import { PRICES, TRIAL_DAYS } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { BillingActionResponse, BillingPortalResponse } from '@shared/api-types';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import type { Config } from '../../lib/config';
import { planForPriceId, stripeAdapterFor, stripePriceIds } from './provider';
import { startTrial } from './service';
import { subscriptionRow } from '../../queries/subscription';
import { toView } from './view';

// Paying: checkout, the Billing Portal, a change of plan, and cancelling a Stripe subscription when
// the account is deleted.

/** The member's Stripe customer, made (and stored) the first time they go to checkout. */
async function stripeCustomerFor(ctx: ServiceContext, userId: string, email: string) {
  const adapter = stripeAdapterFor(ctx.config)!;
  const existing = await subscriptionRow(ctx.db, userId);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const customerId = await adapter.createCustomer({ email, userId });
  // Two checkouts at once may both create a customer: the first stored wins, the other stays unused.
  await ctx.db
    .insert(subscriptions)
    .values({ userId, status: 'inactive', stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { stripeCustomerId: customerId, updatedAt: ctx.now() },
      setWhere: sql`${subscriptions.stripeCustomerId} is null`,
    });
  const stored = await subscriptionRow(ctx.db, userId);
  return stored!.stripeCustomerId!;
}

function urls(config: Config) {
  return {
    success: `${config.publicUrl}/app/settings?checkout=success`,
    cancel: `${config.publicUrl}/app/settings?checkout=canceled`,
    portalReturn: `${config.publicUrl}/app/settings`,
  };
}

/**
 * create-checkout: `{ trial: true, requireCard }` starts the 30-day trial, `{ priceId }` a paid plan.
 * Stripe: a Checkout page (url). With requireCard false no payment method is taken and the
 * subscription is cancelled if the trial ends without one. Built-in: the trial starts here (url
 * null); a paid plan is refused, since this server takes no payments.
 */
export async function createCheckout(
  ctx: ServiceContext,
  input: { priceId: string } | { trial: true; requireCard?: boolean },
): Promise<BillingActionResponse> {
  const member = requireMember(ctx);
  const adapter = stripeAdapterFor(ctx.config);
  if (!adapter) {
    if (!('trial' in input)) throw new AppError('conflict', await noPayments(ctx, member.userId));
    return { url: null, subscription: await startTrial(ctx) };
  }
  const current = await subscriptionRow(ctx.db, member.userId);
  if (current?.stripeSubscriptionId && isSubscribed(current.status))
    throw new AppError('conflict', msg.alreadySubscribedPaid);
  const trial = 'trial' in input;
  if (
    trial &&
    current &&
    (current.currentPeriodEnd || current.stripeSubscriptionId || current.comp)
  )
    throw new AppError('conflict', msg.trialAlreadyUsed);
  const plan = trial ? 'monthly' : planForPriceId(ctx.config, input.priceId);
  if (!plan) throw new AppError('validation_failed', msg.invalidPlan);
  const customerId = await stripeCustomerFor(ctx, member.userId, member.email);
  // Free days the member already has (a coupon, an invite) become the Stripe trial, so paying early loses none.
  const freeUntil =
    current?.currentPeriodEnd && current.currentPeriodEnd > ctx.now()
      ? current.currentPeriodEnd
      : null;
  const url = await adapter.createCheckoutSession({
    customerId,
    userId: member.userId,
    priceId: stripePriceIds(ctx.config)[plan],
    trialDays: trial ? TRIAL_DAYS : undefined,
    trialEnd: !trial && freeUntil ? freeUntil : undefined,
    requireCard: trial ? input.requireCard === true : true,
    successUrl: urls(ctx.config).success,
    cancelUrl: urls(ctx.config).cancel,
  });
  return { url, subscription: toView(ctx.config, await subscriptionRow(ctx.db, member.userId)) };
}

/**
 * Why a paid plan is refused on the built-in provider, and what happens next (decision 0034): with the
 * trial unused, start it; once free time has been had, ask for more at BILLING_CONTACT.
 */
async function noPayments(ctx: ServiceContext, userId: string): Promise<string> {
  const row = await subscriptionRow(ctx.db, userId);
  return row?.currentPeriodEnd || row?.comp
    ? msg.noPaymentsAskForAccess(ctx.config.billingContact)
    : msg.paymentsNotConfigured;
}

/** manage-billing: Stripe's Billing Portal for the member's customer. */
export async function openBillingPortal(ctx: ServiceContext): Promise<BillingPortalResponse> {
  const member = requireMember(ctx);
  const adapter = stripeAdapterFor(ctx.config);
  if (!adapter) throw new AppError('conflict', msg.paymentsNotConfigured);
  const row = await subscriptionRow(ctx.db, member.userId);
  if (!row?.stripeCustomerId) throw new AppError('conflict', msg.noSubscriptionToChange);
  const url = await adapter.createPortalSession({
    customerId: row.stripeCustomerId,
    returnUrl: urls(ctx.config).portalReturn,
  });
  return { url };
}

/**
 * change-plan: a Stripe subscription moves to the other price at once (prorated), and the row is
 * updated from Stripe's answer; the webhook that follows agrees. A member whose time is a trial or
 * free months on this server (no Stripe subscription) gets a Checkout page whose trial runs to the end
 * of that time. No subscription at all: refused, nothing changes.
 */
export async function changePlan(
  ctx: ServiceContext,
  input: { priceId: string },
): Promise<BillingActionResponse> {
  const member = requireMember(ctx);
  const plan = planForPriceId(ctx.config, input.priceId);
  if (!plan) throw new AppError('validation_failed', msg.invalidPlan);
  const row = await subscriptionRow(ctx.db, member.userId);
  if (!row || row.status === 'inactive') throw new AppError('conflict', msg.noSubscriptionToChange);
  const adapter = stripeAdapterFor(ctx.config);
  if (!adapter) throw new AppError('conflict', await noPayments(ctx, member.userId));
  if (!row.stripeSubscriptionId) {
    if (!isSubscribed(row.status)) throw new AppError('conflict', msg.noSubscriptionToChange);
    return createCheckout(ctx, { priceId: PRICES[plan].priceId });
  }
  const priceId = stripePriceIds(ctx.config)[plan];
  const state = await adapter.changeSubscriptionPrice({
    subscriptionId: row.stripeSubscriptionId,
    priceId,
  });
  return withTransaction(ctx, async (ctx) => {
    const before = await subscriptionRow(ctx.db, member.userId, true);
    const [after] = await ctx.db
      .update(subscriptions)
      .set({ priceId: state.priceId ?? priceId, updatedAt: ctx.now() })
      .where(eq(subscriptions.userId, member.userId))
      .returning();
    await audit(ctx, {
      action: 'subscription.change_plan',
      target: { type: 'user', id: member.userId },
      before: toView(ctx.config, before),
      after: toView(ctx.config, after),
    });
    return { url: null, subscription: toView(ctx.config, after) };
  });
}

/**
 * Cancels a member's paid Stripe subscription at once (account deletion). A building block: no
 * authorization, only services that already did call it. Nothing to do on the built-in provider, or
 * for trials and comps without a Stripe subscription. Throws when Stripe cannot be reached or
 * refuses, so the caller can stop before deleting anything.
 */
export async function cancelStripeSubscription(ctx: ServiceContext, userId: string): Promise<void> {
  const adapter = stripeAdapterFor(ctx.config);
  if (!adapter) return;
  const row = await subscriptionRow(ctx.db, userId);
  if (!row?.stripeSubscriptionId || ['canceled', 'inactive'].includes(row.status)) return;
  await adapter.cancelSubscription(row.stripeSubscriptionId);
}
