import { eq, sql } from 'drizzle-orm';
import { DAYS_PER_FREE_MONTH, TRIAL_DAYS } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionView {
  status: string;
  currentPeriodEnd: string | null;
  priceId: string | null;
  subscribed: boolean;
}

export async function getSubscription(db: DbOrTx, userId: string): Promise<SubscriptionView> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  const status = row?.status ?? 'inactive';
  return {
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    priceId: row?.priceId ?? null,
    subscribed: isSubscribed(status),
  };
}

/** The 30-day free trial, no card: once per member. Subscribed members keep what they have. */
export async function startTrial(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<SubscriptionView> {
  const current = await getSubscription(db, userId);
  if (current.subscribed) return current;
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (existing) throw new AppError('conflict', msg.trialAlreadyUsed);
  await db
    .insert(subscriptions)
    .values({
      userId,
      status: 'trialing',
      currentPeriodEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: subscriptions.userId });
  return getSubscription(db, userId);
}

/**
 * Free months from a coupon or a buddy invite: a trial that ends months x 30 days from now, or, when the
 * member already has time, that much later than their current period end.
 */
export async function grantFreeMonths(
  db: DbOrTx,
  userId: string,
  months: number,
  now = new Date(),
) {
  const extraMs = months * DAYS_PER_FREE_MONTH * DAY_MS;
  const nowIso = now.toISOString();
  await db
    .insert(subscriptions)
    .values({ userId, status: 'trialing', currentPeriodEnd: new Date(now.getTime() + extraMs) })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        status: sql`case when ${subscriptions.status} = 'active' then 'active' else 'trialing' end`,
        currentPeriodEnd: sql`greatest(coalesce(${subscriptions.currentPeriodEnd}, ${nowIso}::timestamptz), ${nowIso}::timestamptz) + (${extraMs} * interval '1 millisecond')`,
        updatedAt: now,
      },
    });
}
