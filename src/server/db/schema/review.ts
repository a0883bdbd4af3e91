import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { cycles } from './cycles';
import { posts } from './community';
import { createdAt } from './columns';

/**
 * The post "Share this week" made for a week of a cycle (decision 0048): one per week, so a second
 * tap shares nothing twice; deleting the post frees the week.
 */
export const reviewShares = pgTable(
  'review_shares',
  {
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'review_shares_pkey', columns: [t.cycleId, t.week] }),
    index('review_shares_post_idx').on(t.postId),
    index('review_shares_user_idx').on(t.userId),
    check('review_shares_week_check', sql`${t.week} between 1 and 13`),
  ],
);
