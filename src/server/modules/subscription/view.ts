import { isSubscribed } from '@shared/domain/subscription';
import type { SubscriptionView } from '@shared/api-types';
import type { SubscriptionRow } from '../../queries/subscription';
import type { Config } from '../../lib/config';
import { billingProviderKind } from '../../lib/billing-provider';
import { planForPriceId } from './provider';

// The view a member sees of their subscription row (queries/subscription.ts).

export const DAY_MS = 24 * 60 * 60 * 1000;

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
