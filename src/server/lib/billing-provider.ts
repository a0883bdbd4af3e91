import type { Config } from './config';

/**
 * Which billing provider this server uses (decision 0018): Stripe when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are both set, the built-in provider otherwise. Billing's verbs, its view and
 * the mails that name the provider read it.
 */
export type BillingProviderKind = 'stripe' | 'builtin';

export function billingProviderKind(config: Config): BillingProviderKind {
  return config.stripe?.secretKey && config.stripe.webhookSecret ? 'stripe' : 'builtin';
}
