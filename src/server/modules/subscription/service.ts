/**
 * Subscriptions and billing (decision 0018): the member's status, the trial, free months, comps,
 * checkout, the Billing Portal and a change of plan, on the Stripe or the built-in provider
 * (provider.ts). Webhooks are in webhook.ts, the expiry job in expiry.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { DAYS_PER_FREE_MONTH, PRICES, TRIAL_DAYS, type CompOption } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type {
  BillingActionResponse,
  BillingPortalResponse,
  BillingProviderResponse,
  SubscriptionView,
} from '@shared/api-types';
import type { DbOrTx } from '../../db/client';
import { subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import {
  requireAdmin,
  requireMember,
  withTransaction,
  type ServiceContext,
} from '../../lib/context';
import type { Config } from '../../lib/config';
import { billingProviderKind, planForPriceId, stripeAdapterFor, stripePriceIds } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toView(config: Config, row: SubscriptionRow | undefined): SubscriptionView {
  const status = row?.status ?? 'inactive';
  return {
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    priceId: row?.priceId ?? null,
    subscribed: isSubscribed(status),
    plan: planForPriceId(config, row?.priceId),
    comp: row?.comp ?? null,
    provider: billingProviderKind(config),
    requireSubscription: config.requireSubscription,
    stripeManaged: Boolean(row?.stripeSubscriptionId),
    contact: config.billingContact,
  };
}

export async function subscriptionRow(db: DbOrTx, userId: string, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

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
