/**
 * The Stripe webhook (decision 0018). Called by the route with the raw body and the signature header,
 * as `system:stripe-webhook`.
 *
 * - The signature is checked by the SDK on the raw body: a forged or altered event is refused (400).
 * - Each event id is handled once: its row in billing_events is inserted in the same transaction as
 *   the change it makes, so a replay (or Stripe's retry of an event we applied) finds the row and
 *   changes nothing, and a failure rolls both back so Stripe's retry applies it.
 * - Order does not matter: a subscription event carries the whole subscription object, and it is
 *   applied only when its `created` is not older than the state we hold (stripe_synced_at). An older
 *   event arriving late is recorded and skipped; one from the same second fetches the subscription
 *   from Stripe and applies that.
 * - An event for a customer we do not know (and whose subscription names no user of ours) is recorded
 *   and answered 200, so Stripe stops retrying; nothing changes.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { msg } from '@shared/messages';
import type { WebhookResponse } from '@shared/api-types';
import { billingEvents, subscriptions, user } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  subscriptionState,
  verifyStripeEvent,
  type StripeSubscriptionState,
} from './stripe-adapter';
import { billingProviderKind } from '../../lib/billing-provider';
import { stripeAdapterFor } from './provider';
import { toView } from './view';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

/** Stripe's statuses in our table's words (its check constraint). */
function ourStatus(stripeStatus: string): string {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
      return stripeStatus;
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}

/** Our member for a Stripe customer: by the stored customer id, else by the user id set at checkout. */
async function findRow(ctx: ServiceContext, customerId: string, userId: string | null) {
  const [byCustomer] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId))
    .limit(1)
    .for('update');
  if (byCustomer) return { userId: byCustomer.userId, row: byCustomer };
  if (!userId) return null;
  const [member] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!member) return null;
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1)
    .for('update');
  // That member already has another Stripe customer: this event is not about their subscription.
  if (row?.stripeCustomerId && row.stripeCustomerId !== customerId) return null;
  return { userId, row };
}

async function applySubscription(
  ctx: ServiceContext,
  event: StripeSubscriptionState,
  eventAt: Date,
): Promise<WebhookResponse['outcome']> {
  let state = event;
  const found = await findRow(ctx, state.customerId, state.userId);
  if (!found) {
    ctx.logger.warn({ customer: state.customerId }, 'stripe webhook: unknown customer');
    return 'unknown_customer';
  }
  const { row } = found;
  if (row?.stripeSyncedAt && eventAt < row.stripeSyncedAt) return 'stale';
  // Stripe's times are whole seconds: two events of the same second may come in either order, so
  // the subscription as Stripe has it now decides.
  if (row?.stripeSyncedAt && eventAt.getTime() === row.stripeSyncedAt.getTime())
    state = await stripeAdapterFor(ctx.config)!.retrieveSubscription(state.id);
  // The end of a subscription the member has since replaced changes nothing.
  if (
    row?.stripeSubscriptionId &&
    row.stripeSubscriptionId !== state.id &&
    ['canceled', 'inactive'].includes(ourStatus(state.status))
  )
    return 'stale';
  const lifetime = row?.comp === 'lifetime';
  const values = {
    stripeCustomerId: state.customerId,
    stripeSubscriptionId: state.id,
    stripeSyncedAt: eventAt,
    priceId: state.priceId,
    // A lifetime comp stays free for life whatever Stripe says; Stripe's ids are still kept.
    ...(lifetime
      ? {}
      : { status: ourStatus(state.status), currentPeriodEnd: state.currentPeriodEnd, comp: null }),
    updatedAt: ctx.now(),
  };
  const [after] = await ctx.db
    .insert(subscriptions)
    .values({ userId: found.userId, status: 'inactive', ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  await audit(ctx, {
    action: 'subscription.stripe_sync',
    target: { type: 'user', id: found.userId },
    before: row ? toView(ctx.config, row) : null,
    after: { ...toView(ctx.config, after), stripeStatus: state.status },
  });
  return 'applied';
}

/** Links the checkout's customer to the member who opened it (the subscription events do the rest). */
async function applyCheckoutCompleted(
  ctx: ServiceContext,
  session: Stripe.Checkout.Session,
): Promise<WebhookResponse['outcome']> {
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!customerId) return 'ignored';
  const found = await findRow(ctx, customerId, session.client_reference_id);
  if (!found) return 'unknown_customer';
  if (found.row?.stripeCustomerId === customerId) return 'applied';
  await ctx.db
    .insert(subscriptions)
    .values({ userId: found.userId, status: 'inactive', stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { stripeCustomerId: customerId, updatedAt: ctx.now() },
    });
  return 'applied';
}

export async function handleStripeWebhook(
  ctx: ServiceContext,
  input: { rawBody: string; signature: string | undefined },
): Promise<WebhookResponse> {
  requireAdmin(ctx); // the system actor
  const secret = ctx.config.stripe?.webhookSecret;
  if (billingProviderKind(ctx.config) !== 'stripe' || !secret)
    throw new AppError('not_found', msg.notFound);
  let event: Stripe.Event;
  try {
    if (!input.signature) throw new Error('no Stripe-Signature header');
    event = verifyStripeEvent(input.rawBody, input.signature, secret);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'stripe webhook: signature refused');
    throw new AppError('bad_request', msg.invalidWebhook);
  }
  return withTransaction(ctx, async (ctx) => {
    const [first] = await ctx.db
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, processedAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!first) return { received: true, outcome: 'duplicate' } as const;
    const eventAt = new Date(event.created * 1000);
    let outcome: WebhookResponse['outcome'] = 'ignored';
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const sub = event.data.object as Stripe.Subscription;
      outcome = await applySubscription(ctx, subscriptionState(sub), eventAt);
    } else if (event.type === 'checkout.session.completed') {
      outcome = await applyCheckoutCompleted(ctx, event.data.object);
    }
    ctx.logger.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
    return { received: true, outcome } satisfies WebhookResponse;
  });
}
