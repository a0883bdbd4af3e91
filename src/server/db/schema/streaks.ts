import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts } from './columns';
import { cycles } from './cycles';

// Forgiving streaks (issue 43, decisions 0098 and 0099): rest-day plans and pauses. The streak rule
// reads both (src/shared/domain/forgiving-streak.ts); what it says is kept on the cycle row.

/**
 * A member's rest weekdays (1 Monday .. 7 Sunday, at most 2) from a date on: the newest plan whose
 * `effective_from` is on or before a date applies to it. A change applies from the next Monday in the
 * member's zone, so the week under way keeps its plan; no weekdays is a plan too (no rest days).
 */
export const restDayPlans = pgTable(
  'rest_day_plans',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.effectiveFrom] }),
    check(
      'rest_day_plans_weekdays_check',
      sql`cardinality(${t.weekdays}) <= 2 and ${t.weekdays} <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]`,
    ),
  ],
);

/**
 * A pause of a forgiving cycle: its paused dates, first and last included, in the member's zone. Never
 * backdated; ending it early sets its last date to yesterday (or removes it, when it had not begun).
 */
export const cyclePauses = pgTable(
  'cycle_pauses',
  {
    id: id(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    endedEarlyAt: ts('ended_early_at'),
  },
  (t) => [
    index('cycle_pauses_cycle_idx').on(t.cycleId, t.startDate),
    check(
      'cycle_pauses_span_check',
      sql`${t.endDate} >= ${t.startDate} and ${t.endDate} - ${t.startDate} < 7`,
    ),
  ],
);
