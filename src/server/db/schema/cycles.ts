import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts, updatedAt } from './columns';

export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
    // Aggregates of this cycle's check-ins, kept by refreshCycleStats in the check-in's transaction,
    // so the leaderboard never reads every check-in.
    checkinCount: integer('checkin_count').notNull().default(0),
    totalMinutes: integer('total_minutes').notNull().default(0),
    totalSteps: bigint('total_steps', { mode: 'number' }).notNull().default(0),
    lastDay: integer('last_day').notNull().default(0),
    /** Length of the run of consecutive days that ends at last_day. */
    lastRun: integer('last_run').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    // Forgiving streaks (issue 43, decision 0098): the mode chosen at the start, and what the streak
    // rule (src/shared/domain/forgiving-streak.ts) says for every later day until the next check-in,
    // pause or rest-day change, kept by refreshCycleStats so boards read it in SQL.
    mode: text('mode').notNull().default('forgiving'),
    /** Paused dates of the cycle (at most 7): not days of it, so its last day is later by as many. */
    pausedDays: smallint('paused_days').notNull().default(0),
    pausedDates: date('paused_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Rest dates of the cycle not checked in: they leave consistency's days. */
    restDates: date('rest_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The streak after the last check-in, alive through `streak_through` with no more check-ins. */
    streakRun: integer('streak_run').notNull().default(0),
    streakThrough: date('streak_through', { mode: 'string' }),
    /** From this date (to streak_through) a missed day waits to be forgiven: the streak is at risk. */
    atRiskFrom: date('at_risk_from', { mode: 'string' }),
    /** 0: the rule's columns above were not computed yet (a cycle from before issue 43). */
    ruleVersion: smallint('rule_version').notNull().default(0),
  },
  (t) => [
    check('cycles_mode_check', sql`${t.mode} in ('forgiving', 'strict')`),
    check('cycles_paused_days_check', sql`${t.pausedDays} between 0 and 7`),
    // One active cycle per member: concurrent "create my cycle" requests cannot make two.
    uniqueIndex('cycles_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.isActive}`),
    index('cycles_user_idx').on(t.userId, t.startDate),
  ],
);

export const checkins = pgTable(
  'checkins',
  {
    id: id(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dayNumber: integer('day_number').notNull(),
    /** The member's local calendar date of the check-in, in their settings time zone. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    movedMinutes: integer('moved_minutes').notNull().default(0),
    steps: integer('steps').notNull().default(0),
    proteinTargetHit: boolean('protein_target_hit').notNull().default(false),
    hydrationGoalHit: boolean('hydration_goal_hit').notNull().default(false),
    journalMd: text('journal_md'),
    mediaUrl: text('media_url'),
    /**
     * Where today's steps and minutes came from when a connection set them (decision 0045), and
     * when it sent them; null when the member typed them.
     */
    activitySource: text('activity_source'),
    activityAt: ts('activity_at'),
    createdAt: createdAt(),
    completedAt: ts('completed_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkins_cycle_day_unique').on(t.cycleId, t.dayNumber),
    uniqueIndex('checkins_user_local_date_unique').on(t.userId, t.localDate),
    index('checkins_user_idx').on(t.userId, t.dayNumber),
    check('checkins_day_number_check', sql`${t.dayNumber} between 1 and 90`),
    check('checkins_moved_minutes_check', sql`${t.movedMinutes} between 0 and 1440`),
    check('checkins_steps_check', sql`${t.steps} between 0 and 200000`),
    check('checkins_journal_length_check', sql`char_length(${t.journalMd}) <= 2000`),
  ],
);

export const checkinUpdates = pgTable(
  'checkin_updates',
  {
    id: id(),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkin_updates_checkin_idx').on(t.checkinId, t.createdAt),
    check('checkin_updates_body_length_check', sql`char_length(${t.body}) <= 2000`),
  ],
);

export const checkinUpdateMedia = pgTable(
  'checkin_update_media',
  {
    id: id(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => checkinUpdates.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull(),
    mediaType: text('media_type').notNull(),
    mimeType: text('mime_type').notNull(),
    sortIndex: integer('sort_index').notNull(),
    /** Stored bytes (file and preview), for the per-member storage quota. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkin_update_media_storage_path_idx').on(t.storagePath),
    uniqueIndex('checkin_update_media_order_unique').on(t.updateId, t.sortIndex),
    check('checkin_update_media_type_check', sql`${t.mediaType} in ('image', 'video')`),
  ],
);
