import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Objects to remove from storage (decision 0042): written in the same transaction as the rows that
 * named them, so a deletion that committed always removes its files in the end. A row leaves the
 * table once storage said the object is gone; a failure backs off and is tried again.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** An object key, or a folder (`u/{userId}`) when `isPrefix`. */
    key: text('key').notNull(),
    isPrefix: boolean('is_prefix').notNull().default(false),
    /** Why: `account`, `post`, `avatar`, `upload`, `badge`, `sweep`. */
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried next; also the lease of the process trying it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('storage_deletions_due_idx').on(t.nextAttemptAt)],
);
