/**
 * better-auth 1.7 tables (core + admin plugin; emailOTP adds no tables).
 *
 * Derived from the installed source, not from memory:
 *   - node_modules/@better-auth/core/dist/db/get-tables.mjs      (core user/session/account/verification/rateLimit)
 *   - node_modules/better-auth/dist/plugins/admin/schema.mjs      (role, banned, banReason, banExpires, impersonatedBy)
 *   - node_modules/@better-auth/drizzle-adapter/dist/index.mjs    (adapter looks tables up by schema KEY and
 *                                                                 columns by TS PROPERTY name)
 *
 * Rules that matter (see docs/notes/better-auth.md):
 *   - The object passed as `drizzleAdapter(db, { schema })` must have the keys
 *     `user`, `session`, `account`, `verification` (better-auth's own rate limiter is off, so
 *     it needs no `rateLimit` table: ours is `rate_limits`). With `usePlural: true` they would have to
 *     be `users`, `sessions`, ... instead. We use singular keys (the default).
 *   - TS property names must equal better-auth field names (camelCase). The SQL
 *     column names are free (snake_case here); the adapter never sees them.
 *   - better-auth validates this schema at startup and on every request
 *     (`advanced.database.validateSchema`, default true): every field better-auth
 *     writes must exist, and every extra column must be nullable or have a default.
 *   - `verification.identifier` must NOT be unique: email-otp inserts a new row per
 *     resend and consumes "latest row by createdAt".
 *   - ids are text: better-auth generates 32-char random strings itself.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SHORT_PREFIXES } from './columns';

const tz = { withTimezone: true } as const;

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique('user_email_unique'),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz)
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    // StackDays: the browser's IANA time zone at sign-up; the member-rows trigger copies it into
    // user_settings.timezone in the same transaction (migration 0001).
    timeZone: text('time_zone'),
  },
  (t) => [
    // The admin Users list: newest first, paged by (created_at, id); search by an e-mail prefix.
    index('user_created_idx').on(t.createdAt, t.id),
    index('user_email_lower_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // Searches of 1 to 3 letters, newest first, 26 rows read (migration 0024, decision 0092).
    ...SHORT_PREFIXES.map((k) =>
      index(`user_email_start${k}_idx`).on(
        sql`left(lower(${t.email}), ${sql.raw(String(k))})`,
        t.createdAt,
        t.id,
      ),
    ),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    token: text('token').notNull().unique('session_token_unique'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz)
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    // scrypt hash "salt:key" for providerId = "credential" (accountId = userId)
    password: text('password'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz)
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('account_user_id_idx').on(t.userId),
    // Not emitted by better-auth's own generator, but better-auth treats
    // (providerId, accountId) as an identity (findAccountByKey throws on
    // duplicates), so enforce it. Credential rows use accountId = userId.
    uniqueIndex('account_provider_account_unique').on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    // e.g. "email-verification-otp-alice@example.com" / "sign-in-otp-..." (NOT unique)
    identifier: text('identifier').notNull(),
    // email-otp stores "<otp>:<failedAttempts>" (otp plain/hashed/encrypted per storeOTP)
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz)
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Pass this to `drizzleAdapter(db, { provider: "pg", schema: authSchema })`. */
export const authSchema = { user, session, account, verification };
