import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts, updatedAt } from './columns';

export const badges = pgTable('badges', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('badges_code_unique'),
  name: text('name').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  createdAt: createdAt(),
});

export const userBadges = pgTable(
  'user_badges',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    awardedAt: ts('awarded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_badges_user_badge_unique').on(t.userId, t.badgeId),
    index('user_badges_badge_idx').on(t.badgeId),
  ],
);

export const workoutPrefs = pgTable(
  'workout_prefs',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fitnessLevel: text('fitness_level').notNull().default('beginner'),
    age: integer('age'),
    equipment: text('equipment')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stepTracker: text('step_tracker').notNull().default('phone'),
    goals: text('goals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'workout_prefs_fitness_level_check',
      sql`${t.fitnessLevel} in ('beginner', 'intermediate', 'advanced')`,
    ),
    check('workout_prefs_age_check', sql`${t.age} is null or ${t.age} between 0 and 150`),
  ],
);

export const workoutWeeks = pgTable(
  'workout_weeks',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weekIndex: integer('week_index').notNull(),
    planMd: text('plan_md').notNull(),
    /** The Monday of the member's local calendar week the plan is for: one plan per member and week. */
    weekStart: date('week_start', { mode: 'string' }),
    /** The plan as data (days, sessions, exercises), so next week's plan can progress from it. */
    plan: jsonb('plan'),
    generatedAt: ts('generated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workout_weeks_user_week_unique').on(t.userId, t.weekIndex),
    uniqueIndex('workout_weeks_user_week_start_unique').on(t.userId, t.weekStart),
    check('workout_weeks_week_index_check', sql`${t.weekIndex} >= 1`),
  ],
);

export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    bodyPreview: text('body_preview'),
    sendStatus: text('send_status').notNull().default('queued'),
    error: text('error'),
    scheduledFor: ts('scheduled_for'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    /**
     * The outbox (decision 0020): the whole message, AES-GCM sealed with a key from the auth secret,
     * kept only while it is queued; attempts so far and when the next may start (also a lease).
     */
    payload: text('payload'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** A message not worth sending after this (a code mail): marked failed instead. */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('notification_logs_created_idx').on(t.createdAt),
    index('notification_logs_outbox_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sendStatus} = 'queued'`),
    index('notification_logs_status_idx').on(t.sendStatus, t.createdAt),
    check(
      'notification_logs_status_check',
      sql`${t.sendStatus} in ('queued', 'sent', 'delivered', 'opened', 'clicked', 'bounced', 'failed', 'dropped')`,
    ),
  ],
);

/** Fixed-window counters for server-side limits (sign-in codes, invites), shared by all processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull().default(0),
});

/**
 * One row per nudge that may go out at most once (a daily reminder per member and local date, a
 * trial-ending notice per subscription): the primary key is the claim, so two scheduler processes
 * cannot both send it (decision 0020).
 */
export const notificationClaims = pgTable(
  'notification_claims',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // Daily reminder claims are pruned after a few days (decision 0090); the others are kept.
  (t) => [
    index('notification_claims_reminder_created_idx')
      .on(t.createdAt)
      .where(sql`${t.key} like 'reminder:%'`),
  ],
);

/**
 * A member's web push subscription, one per device (browser profile): the push service's endpoint and
 * the keys that encrypt messages to it. Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Keys the server generates once and every process shares (the VAPID pair for web push when it is not
 * configured); the private part is sealed with a key from the auth secret.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  createdAt: createdAt(),
});
