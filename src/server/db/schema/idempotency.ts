import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';

/**
 * Idempotency keys (docs/decisions/0023): the first answer to a request a member sent with an
 * `Idempotency-Key` header, so a replay (an offline queue retrying, two tabs, a lost response) gets
 * that answer again and creates nothing. Claimed in the same transaction as the write it guards;
 * the primary key (user, key) makes concurrent duplicates wait for the first and then replay it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route and its body: the same key with a different request is refused. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
