/**
 * Every call this server makes to Stripe, kept thin (decision 0018): plain inputs in, the few fields
 * we keep out. Tests replace the adapter through `useStripeAdapter` (provider.ts); the SDK itself is
 * never mocked, and webhook signatures are always checked by the SDK (webhook.ts).
 */
import Stripe from 'stripe';

/** What we keep of a Stripe subscription. */
export interface StripeSubscriptionState {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  currentPeriodEnd: Date | null;
  priceId: string | null;
  /** Our user id, set at checkout (subscription_data.metadata.userId). */
  userId: string | null;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  priceId: string;
  /** A free trial of this many days before the first charge, or none. */
  trialDays?: number;
  /** The trial ends at this instant (free days a member already has), instead of trialDays. */
  trialEnd?: Date;
  /** false: no payment method is taken, and the subscription is cancelled if the trial ends without one. */
  requireCard: boolean;
  successUrl: string;
  cancelUrl: string;
}

export interface StripeAdapter {
  createCustomer(input: { email: string; userId: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<string>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionState>;
  changeSubscriptionPrice(input: {
    subscriptionId: string;
    priceId: string;
  }): Promise<StripeSubscriptionState>;
  /** Cancels at once. false when Stripe no longer has it (already gone). */
  cancelSubscription(id: string): Promise<boolean>;
}

/** A Stripe subscription object (from the API or an event) reduced to what we keep. */
export function subscriptionState(sub: Stripe.Subscription): StripeSubscriptionState {
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end ?? sub.trial_end ?? null;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    priceId: item?.price?.id ?? null,
    userId: sub.metadata?.userId ?? null,
  };
}

/** `sdk`: extra SDK settings (tests point `host`/`port`/`protocol` at a local recorder). */
export function createStripeAdapter(
  secretKey: string,
  sdk: Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> = {},
): StripeAdapter {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...sdk });
  return {
    async createCustomer({ email, userId }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } });
      return customer.id;
    },
    async createCheckoutSession(input) {
      const trial = input.trialEnd
        ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) }
        : input.trialDays
          ? { trial_period_days: input.trialDays }
          : {};
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        payment_method_collection: input.requireCard ? 'always' : 'if_required',
        subscription_data: {
          metadata: { userId: input.userId },
          ...trial,
          ...(input.requireCard
            ? {}
            : { trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    async retrieveSubscription(id) {
      return subscriptionState(await stripe.subscriptions.retrieve(id));
    },
    async changeSubscriptionPrice({ subscriptionId, priceId }) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
      });
      return subscriptionState(updated);
    },
    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
        return true;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return false;
        throw error;
      }
    },
  };
}

/** Checks a webhook's signature on its raw body and parses it; throws when it does not match. */
export function verifyStripeEvent(
  rawBody: string,
  signature: string,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}
