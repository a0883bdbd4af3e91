import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts } from './columns';

/**
 * Personal access tokens (decision 0044): what a member's phone sends as `Authorization: Bearer …`
 * to /api/v1. Only the SHA-256 of the token is kept; the token itself is shown once. Revoking deletes
 * the row, and every request reads it afresh, so a revoked token fails at once on every process.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    check('api_tokens_name_length_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * The steps and move minutes a connection last sent for one of the member's local days (decision
 * 0045): the check-in form starts from them; a check-in already made that day is raised to them.
 */
export const connectionActivity = pgTable(
  'connection_activity',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull(),
    movedMinutes: integer('moved_minutes').notNull(),
    source: text('source').notNull(),
    receivedAt: ts('received_at').notNull(),
    /** The token that sent it (null once that token is revoked). */
    tokenId: uuid('token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate] }),
    check('connection_activity_steps_check', sql`${t.steps} between 0 and 200000`),
    check('connection_activity_moved_minutes_check', sql`${t.movedMinutes} between 0 and 1440`),
    check(
      'connection_activity_source_length_check',
      sql`char_length(${t.source}) between 1 and 40`,
    ),
  ],
);
