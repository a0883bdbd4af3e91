import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts, updatedAt } from './columns';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('inactive'),
    priceId: text('price_id'),
    currentPeriodEnd: ts('current_period_end'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** An admin comp: '1', '3', '6', '12' (months) or 'lifetime' (active, no period end). */
    comp: text('comp'),
    /** When Stripe's state was last taken from an event (its `created`): older events never move it back. */
    stripeSyncedAt: ts('stripe_synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_unique').on(t.userId),
    uniqueIndex('subscriptions_stripe_customer_unique').on(t.stripeCustomerId),
    index('subscriptions_period_end_idx').on(t.status, t.currentPeriodEnd),
    check(
      'subscriptions_comp_check',
      sql`${t.comp} is null or ${t.comp} in ('1', '3', '6', '12', 'lifetime')`,
    ),
    index('subscriptions_created_idx').on(t.createdAt),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('active', 'trialing', 'past_due', 'canceled', 'inactive', 'incomplete', 'unpaid')`,
    ),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    monthsFree: integer('months_free').notNull().default(3),
    /** null means unlimited. */
    maxRedemptions: integer('max_redemptions'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    expiresAt: ts('expires_at'),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`),
    index('coupons_created_idx').on(t.createdAt),
    check('coupons_months_free_check', sql`${t.monthsFree} between 1 and 24`),
    check(
      'coupons_max_redemptions_check',
      sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`,
    ),
    check('coupons_redeemed_count_check', sql`${t.redeemedCount} >= 0`),
  ],
);

/** One row per coupon use: an account redeems a given coupon at most once. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    monthsFree: integer('months_free').notNull(),
    redeemedAt: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_coupon_user_unique').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId),
  ],
);

/** Stripe webhook events already handled: one row per event id, so a replay changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    processedAt: ts('processed_at').notNull().defaultNow(),
  },
  // The retention prune (decision 0090) deletes the oldest first.
  (t) => [index('billing_events_processed_idx').on(t.processedAt)],
);
