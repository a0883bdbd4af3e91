import { eq } from 'drizzle-orm';
import { isSubscribed } from '@shared/domain/subscription';
import type { SubscriptionView } from '@shared/api-types';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { Config } from '../../lib/config';
import { billingProviderKind, planForPriceId } from './provider';

// The member's subscription row, which every billing verb reads, and the view they see of it.

export const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

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
