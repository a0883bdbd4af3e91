import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
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
import { crewMembers, crews } from './crews';
import { cycles } from './cycles';

// Crew cycles (issue 44, decisions 0114 and 0115): a crew's 90 days with one Day 1, the calendar
// date `start_date` in every member's zone.

/** A crew's scheduled, running or finished cycle. Its rules lock as Day 1 begins in UTC+14. */
export const crewCycles = pgTable(
  'crew_cycles',
  {
    id: id(),
    crewId: uuid('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Every member's mode on this cycle: 'forgiving' or 'strict'. */
    mode: text('mode').notNull(),
    /** The crew goal in move minutes; null: none. */
    goalMinutes: integer('goal_minutes'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crew_cycles_crew_start_unique').on(t.crewId, t.startDate),
    index('crew_cycles_start_idx').on(t.startDate),
    check('crew_cycles_mode_check', sql`${t.mode} in ('forgiving', 'strict')`),
    check('crew_cycles_goal_check', sql`${t.goalMinutes} between 1 and 2500000`),
  ],
);

/**
 * A crew member's choice on a crew cycle: move their cycle to it, or stay on their own. `cycle_id` is
 * the member's cycle once it has moved; a move chosen before the member's Day 1 waits (null) until
 * Day 1 begins in their zone. Leaving the crew deletes the row (their cycle runs on, solo).
 */
export const crewCycleMembers = pgTable(
  'crew_cycle_members',
  {
    crewCycleId: uuid('crew_cycle_id')
      .notNull()
      .references(() => crewCycles.id, { onDelete: 'cascade' }),
    crewId: uuid('crew_id').notNull(),
    userId: text('user_id').notNull(),
    choice: text('choice').notNull(),
    /** The member's local date when they chose: a move after Day 1 starts their cycle on it. */
    chosenOn: date('chosen_on', { mode: 'string' }).notNull(),
    chosenAt: ts('chosen_at').notNull().defaultNow(),
    cycleId: uuid('cycle_id').references(() => cycles.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.crewCycleId, t.userId] }),
    foreignKey({
      name: 'crew_cycle_members_crew_member_fk',
      columns: [t.crewId, t.userId],
      foreignColumns: [crewMembers.crewId, crewMembers.userId],
    }).onDelete('cascade'),
    // At most one crew cycle holds a member's cycle, and one move waits for its Day 1 at a time.
    uniqueIndex('crew_cycle_members_cycle_unique')
      .on(t.cycleId)
      .where(sql`${t.cycleId} is not null`),
    uniqueIndex('crew_cycle_members_one_waiting_move')
      .on(t.userId)
      .where(sql`${t.choice} = 'move' and ${t.cycleId} is null`),
    index('crew_cycle_members_user_idx').on(t.userId),
    check('crew_cycle_members_choice_check', sql`${t.choice} in ('move', 'stay')`),
  ],
);
