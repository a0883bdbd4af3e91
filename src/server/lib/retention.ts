import { sql, type SQL } from 'drizzle-orm';
import { BRIDGE_SAMPLE_RETENTION_DAYS, SYNC_LOG_RETENTION_DAYS } from '@shared/constants';
import type { Config } from './config';
import { queryRows, type Db } from '../db/client';

// Retention (decision 0090): rows that only grow are pruned in small batches by the retention job,
// each through an index on the column its prune reads (migration 0022). What is kept:
// - notification_logs: NOTIFICATION_LOG_RETENTION_DAYS (180) after the message was made; a message
//   still queued is never pruned.
// - billing_events: BILLING_EVENT_RETENTION_DAYS (90); the table only guards against a webhook
//   being applied twice, and Stripe stops retrying an event after 3 days.
// - daily reminder claims: REMINDER_CLAIM_RETENTION_DAYS (7); a claim only matters on its own day.
// - audit_events: kept for ever unless AUDIT_RETENTION_DAYS is set.
// - bridge_deliveries (the sync log): SYNC_LOG_RETENTION_DAYS (30); bridge_samples:
//   BRIDGE_SAMPLE_RETENTION_DAYS (3), a sample only counts on its own day (issue 45).

/** Rows deleted per statement: short transactions, short locks. */
export const PRUNE_BATCH = 1_000;
/** Batches per table per run: a backlog drains over several runs instead of holding one long run. */
export const PRUNE_MAX_BATCHES = 50;
export const REMINDER_CLAIM_RETENTION_DAYS = 7;

const DAY_MS = 86_400_000;

interface Prunable {
  table: string;
  /** The primary key the delete matches on. */
  key: string;
  /** The time column the retention counts from (its index serves the prune). */
  column: string;
  /** Rows never pruned, whatever their age. */
  keep?: SQL;
  days: number | null;
}

function prunables(config: Pick<Config, 'retentionDays'>): Prunable[] {
  const { retentionDays } = config;
  return [
    {
      table: 'notification_logs',
      key: 'id',
      column: 'created_at',
      keep: sql`send_status = 'queued'`,
      days: retentionDays.notificationLogs,
    },
    {
      table: 'billing_events',
      key: 'id',
      column: 'processed_at',
      days: retentionDays.billingEvents,
    },
    {
      table: 'notification_claims',
      key: 'key',
      column: 'created_at',
      keep: sql`key not like 'reminder:%'`,
      days: REMINDER_CLAIM_RETENTION_DAYS,
    },
    { table: 'audit_events', key: 'id', column: 'created_at', days: retentionDays.auditEvents },
    { table: 'bridge_deliveries', key: 'id', column: 'received_at', days: SYNC_LOG_RETENTION_DAYS },
    {
      table: 'bridge_samples',
      key: 'id',
      column: 'received_at',
      days: BRIDGE_SAMPLE_RETENTION_DAYS,
    },
  ];
}

/** Deletes up to `batch` rows older than `before`, oldest first; answers how many. */
async function pruneBatch(db: Db, p: Prunable, before: SQL, batch: number): Promise<number> {
  const [table, key, column] = [
    sql.identifier(p.table),
    sql.identifier(p.key),
    sql.identifier(p.column),
  ];
  const keep = p.keep ? sql` and not (${p.keep})` : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
          delete from ${table} where ${key} in (
            select ${key} from ${table} where ${column} < ${before}${keep}
            order by ${column} limit ${batch})
          returning 1)
        select count(*)::int as n from gone`,
  );
  return row.n;
}

/** One retention run: answers the rows deleted per table. */
export async function pruneRetained(
  db: Db,
  config: Pick<Config, 'retentionDays'>,
  now: Date,
  batch = PRUNE_BATCH,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const prunable of prunables(config)) {
    if (prunable.days === null) continue;
    const before = sql`${new Date(now.getTime() - prunable.days * DAY_MS).toISOString()}::timestamptz`;
    let total = 0;
    for (let i = 0; i < PRUNE_MAX_BATCHES; i++) {
      const n = await pruneBatch(db, prunable, before, batch);
      total += n;
      if (n < batch) break;
    }
    deleted[prunable.table] = total;
  }
  return deleted;
}
