import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const id = () => uuid('id').primaryKey().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The search starts (1, 2 and 3 letters) that the admin Users search reads from an index of their
 * own, newest first (migration 0024, decision 0092): the e-mail's and the display name's.
 */
export const SHORT_PREFIXES = [1, 2, 3] as const;
