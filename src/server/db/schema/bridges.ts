import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SyncLogDetail } from '@shared/api-types';
import { user } from './auth';
import { id, ts, updatedAt } from './columns';

// Phone bridges (issue 45; decisions 0106-0108): the kept kinds of two apps' payloads, their sync
// log and the member's fuel targets. Nothing of any other kind is ever written here.

const bridgeAppCheck = (column: unknown) =>
  sql`${column} in ('health-auto-export', 'health-connect')`;

/**
 * One sample of a kept kind for the member's today, as a bridge sent it: the day's totals are their
 * sum, so a resend (same key) replaces a sample and never counts it twice. Pruned after a few days.
 */
export const bridgeSamples = pgTable(
  'bridge_samples',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    app: text('app').notNull(),
    /** steps, exercise_minutes (the phone's own metric), session_minutes, water_ml, protein_g */
    kind: text('kind').notNull(),
    /** What the app says identifies the sample (its time, end and origin), hashed. */
    sampleKey: text('sample_key').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    amount: doublePrecision('amount').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('bridge_samples_key_unique').on(t.userId, t.app, t.kind, t.sampleKey),
    index('bridge_samples_day_idx').on(t.userId, t.localDate),
    index('bridge_samples_received_idx').on(t.receivedAt),
    check('bridge_samples_app_check', bridgeAppCheck(t.app)),
    check(
      'bridge_samples_kind_check',
      sql`${t.kind} in ('steps', 'exercise_minutes', 'session_minutes', 'water_ml', 'protein_g')`,
    ),
    check('bridge_samples_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** The sync log: a member's last deliveries (at most SYNC_LOG_SIZE, at most SYNC_LOG_RETENTION_DAYS). */
export const bridgeDeliveries = pgTable(
  'bridge_deliveries',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    app: text('app').notNull(),
    receivedAt: ts('received_at').notNull(),
    outcome: text('outcome').notNull(),
    /** The day's kept totals, the samples skipped and why, or why it was refused: never a payload. */
    detail: jsonb('detail').$type<SyncLogDetail>().notNull(),
  },
  (t) => [
    index('bridge_deliveries_user_idx').on(t.userId, t.receivedAt),
    index('bridge_deliveries_received_idx').on(t.receivedAt),
    check('bridge_deliveries_app_check', bridgeAppCheck(t.app)),
    check(
      'bridge_deliveries_outcome_check',
      sql`${t.outcome} in ('used', 'skipped', 'refused', 'test')`,
    ),
  ],
);

/** The protein and water a bridge last summed for one of the member's days, and from where. */
export const connectionFuel = pgTable(
  'connection_fuel',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    proteinG: doublePrecision('protein_g'),
    waterMl: doublePrecision('water_ml'),
    source: text('source').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

/** The member's daily fuel targets (Settings); null: no target, the box is never ticked for them. */
export const fuelTargets = pgTable(
  'fuel_targets',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    proteinG: integer('protein_g'),
    waterMl: integer('water_ml'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fuel_targets_protein_check', sql`${t.proteinG} between 1 and 500`),
    check('fuel_targets_water_check', sql`${t.waterMl} between 100 and 10000`),
  ],
);
