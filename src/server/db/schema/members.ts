import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, SHORT_PREFIXES, ts, updatedAt } from './columns';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    unitPref: text('unit_pref').notNull().default('imperial'),
    /** The member's language (issue 47): en, es or de; null until chosen or set at sign-up. */
    language: text('language'),
    /** The one administrator flag (spec: profiles.is_admin); the session reads it on every request. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The account's first e-mail verification; free months from a coupon or an invite are granted only then. */
    verifiedAt: ts('verified_at'),
    /** The coupon given at sign-up, redeemed at the first verification (whichever page it happens on). */
    signupCoupon: text('signup_coupon'),
    /** Set when an administrator created the account; cleared once the person sets a password. */
    adminInviteTokenHash: text('admin_invite_token_hash'),
    adminInviteExpiresAt: ts('admin_invite_expires_at'),
    /** When the member skipped the Day-1 Health Intake: it stays skipped on every device. */
    healthIntakeSkippedAt: ts('health_intake_skipped_at'),
    /**
     * Set when the address's first proof came from a browser that did not make the sign-up (decision
     * 0072): no name chosen, no terms accepted. Cleared when the member finishes (decision 0095).
     */
    signUpUnfinishedAt: ts('sign_up_unfinished_at'),
    /**
     * The account's creation time (`user.created_at`), copied when the profile is made (a trigger,
     * migration 0014), so the admin search picks its page from the prefix indexes alone.
     */
    joinedAt: ts('joined_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_unit_pref_check', sql`${t.unitPref} in ('imperial', 'metric')`),
    check('profiles_language_check', sql`${t.language} in ('en', 'es', 'de')`),
    index('profiles_display_name_idx').on(t.displayName),
    // The admin Users search by a name prefix, whatever the case.
    index('profiles_display_name_lower_prefix_idx').on(
      sql`lower(${t.displayName}) text_pattern_ops`,
    ),
    ...SHORT_PREFIXES.map((k) =>
      index(`profiles_display_name_start${k}_idx`).on(
        sql`left(lower(${t.displayName}), ${sql.raw(String(k))})`,
        t.joinedAt,
        t.id,
      ),
    ),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    reminderHour: integer('reminder_hour').notNull().default(19),
    emailNudges: boolean('email_nudges').notNull().default(true),
    pushNudges: boolean('push_nudges').notNull().default(false),
    /** The weekly review e-mail (decision 0049): on by default, separate from the daily nudges. */
    weeklyReviewEmail: boolean('weekly_review_email').notNull().default(true),
    timezone: text('timezone').notNull().default('America/Denver'),
    /**
     * A chosen time zone that takes over at `pendingTimezoneFrom`: switching at once would have moved
     * the member's today to another date (modules/profile/time-zone.ts, decision 0016).
     */
    pendingTimezone: text('pending_timezone'),
    pendingTimezoneFrom: ts('pending_timezone_from'),
    /**
     * The earliest instant the next daily reminder can be owed (decision 0050): a lower bound the
     * reminder run reads through its index and moves on; triggers reset it to the epoch when the
     * zone, hour, nudges, cycle or verified address change (migration 0022).
     */
    nextReminderAt: ts('next_reminder_at')
      .notNull()
      .default(sql`'1970-01-01T00:00:00Z'`),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_settings_next_reminder_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.emailNudges} or ${t.pushNudges}`),
    check('user_settings_reminder_hour_check', sql`${t.reminderHour} between 5 and 22`),
    check(
      'user_settings_pending_timezone_check',
      sql`(${t.pendingTimezone} is null) = (${t.pendingTimezoneFrom} is null)`,
    ),
  ],
);

export const consents = pgTable('consents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tosAcceptedAt: ts('tos_accepted_at'),
  healthDisclaimerAcceptedAt: ts('health_disclaimer_accepted_at'),
  marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
  marketingOptedAt: ts('marketing_opted_at'),
});

export const healthProfile = pgTable(
  'health_profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    birthYear: integer('birth_year'),
    gender: text('gender'),
    heightCm: doublePrecision('height_cm'),
    weightKg: doublePrecision('weight_kg'),
    baselineSteps: integer('baseline_steps'),
    goals: text('goals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    equipment: text('equipment')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    constraints: text('constraints'),
    socialShareWeight: boolean('social_share_weight').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('health_profile_birth_year_check', sql`${t.birthYear} is null or ${t.birthYear} >= 1920`),
    check(
      'health_profile_gender_check',
      sql`${t.gender} is null or ${t.gender} in ('male', 'female', 'prefer_not_to_say')`,
    ),
    check('health_profile_height_check', sql`${t.heightCm} is null or ${t.heightCm} > 0`),
    check('health_profile_weight_check', sql`${t.weightKg} is null or ${t.weightKg} > 0`),
    check('health_profile_steps_check', sql`${t.baselineSteps} is null or ${t.baselineSteps} >= 0`),
  ],
);

/**
 * Each weight the member saved, when it changed (saveHealth): the change since Day 1 of a cycle on
 * their posts and My Cycle is read from here (decision 0036).
 */
export const weightHistory = pgTable(
  'weight_history',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weightKg: doublePrecision('weight_kg').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('weight_history_weight_check', sql`${t.weightKg} > 0`),
    index('weight_history_user_recorded_idx').on(t.userId, t.recordedAt),
  ],
);
