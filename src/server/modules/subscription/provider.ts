/**
 * The Stripe adapter when this server bills through Stripe (lib/billing-provider.ts, decision 0018):
 * made once per config; tests hand in their own with `useStripeAdapter`.
 */
import { PRICES, type PlanKey } from '@shared/constants';
import type { Config } from '../../lib/config';
import { billingProviderKind } from '../../lib/billing-provider';
import { createStripeAdapter, type StripeAdapter } from './stripe-adapter';

const adapters = new WeakMap<Config, StripeAdapter>();

/** The Stripe adapter for this server, or null on the built-in provider. */
export function stripeAdapterFor(config: Config): StripeAdapter | null {
  if (billingProviderKind(config) !== 'stripe') return null;
  let adapter = adapters.get(config);
  if (!adapter) {
    adapter = createStripeAdapter(config.stripe!.secretKey);
    adapters.set(config, adapter);
  }
  return adapter;
}

/** Tests: the adapter this config's server uses instead of the real one (the SDK is never mocked). */
export function useStripeAdapter(config: Config, adapter: StripeAdapter): void {
  adapters.set(config, adapter);
}

/** The Stripe price id for each plan: STRIPE_PRICE_MONTHLY / _YEARLY, or the spec's ids. */
export function stripePriceIds(config: Config): Record<PlanKey, string> {
  return {
    monthly: config.stripe?.priceMonthly ?? PRICES.monthly.priceId,
    yearly: config.stripe?.priceYearly ?? PRICES.yearly.priceId,
  };
}

/**
 * The plan a price id names. Clients send the spec's ids (price_monthly_9_usd, price_yearly_90_usd);
 * the configured Stripe ids are accepted too. null for anything else.
 */
export function planForPriceId(config: Config, priceId: string | null | undefined): PlanKey | null {
  if (!priceId) return null;
  const configured = stripePriceIds(config);
  for (const plan of Object.keys(PRICES) as PlanKey[]) {
    if (priceId === PRICES[plan].priceId || priceId === configured[plan]) return plan;
  }
  return null;
}
