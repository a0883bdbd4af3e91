import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../env';
import { queryRows, type Db } from '../db/client';

// Retention (decision 0050): rows that only grow are pruned in small batches by the retention job,
// each through an index on the column its prune reads (migration 0022). What is kept:
// - notification_logs: NOTIFICATION_LOG_RETENTION_DAYS (180) after the message was made; a message
//   still queued is never pruned.
// - billing_events: BILLING_EVENT_RETENTION_DAYS (90); the table only guards against a webhook
//   being applied twice, and Stripe stops retrying an event after 3 days.
// - daily reminder claims: REMINDER_CLAIM_RETENTION_DAYS (7); a claim only matters on its own day.
// - audit_events: kept for ever unless AUDIT_RETENTION_DAYS is set.

/** Rows deleted per statement: short transactions, short locks. */
export const PRUNE_BATCH = 1_000;
/** Batches per table per run: a backlog drains over several runs instead of holding one long run. */
export const PRUNE_MAX_BATCHES = 50;
export const REMINDER_CLAIM_RETENTION_DAYS = 7;

const DAY_MS = 86_400_000;

interface Prunable {
  table: string;
  /** Deletes up to `batch` rows older than `before`, oldest first; answers how many. */
  prune(before: SQL, batch: number): SQL;
  days: number | null;
}

function prunables(config: Pick<Config, 'retentionDays'>): Prunable[] {
  const { retentionDays } = config;
  return [
    {
      table: 'notification_logs',
      days: retentionDays.notificationLogs,
      prune: (before, batch) =>
        sql`delete from notification_logs where id in (
              select id from notification_logs where created_at < ${before} and send_status <> 'queued'
              order by created_at limit ${batch})`,
    },
    {
      table: 'billing_events',
      days: retentionDays.billingEvents,
      prune: (before, batch) =>
        sql`delete from billing_events where id in (
              select id from billing_events where processed_at < ${before}
              order by processed_at limit ${batch})`,
    },
    {
      table: 'notification_claims',
      days: REMINDER_CLAIM_RETENTION_DAYS,
      prune: (before, batch) =>
        sql`delete from notification_claims where key in (
              select key from notification_claims where key like 'reminder:%' and created_at < ${before}
              order by created_at limit ${batch})`,
    },
    {
      table: 'audit_events',
      days: retentionDays.auditEvents,
      prune: (before, batch) =>
        sql`delete from audit_events where id in (
              select id from audit_events where created_at < ${before}
              order by created_at, id limit ${batch})`,
    },
  ];
}

/** One retention run: answers the rows deleted per table. */
export async function pruneRetained(
  db: Db,
  config: Pick<Config, 'retentionDays'>,
  now: Date,
  batch = PRUNE_BATCH,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const { table, days, prune } of prunables(config)) {
    if (days === null) continue;
    const before = sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
    deleted[table] = 0;
    for (let i = 0; i < PRUNE_MAX_BATCHES; i++) {
      const rows = await queryRows(
        db,
        sql`with gone as (${prune(before, batch)} returning 1)
        select count(*)::int as n from gone`,
      );
      const n = (rows[0] as { n: number }).n;
      deleted[table] += n;
      if (n < batch) break;
    }
  }
  return deleted;
}
