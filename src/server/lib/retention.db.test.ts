import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { pruneRetained } from './retention';

const t = setUpTestApp();

const DAY = 86_400_000;
const now = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

async function count(table: string, where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return row.n;
}

describe(`retention (${databaseLabel})`, () => {
  it('prunes old logs, webhook events and reminder claims in batches; keeps queued mail, other claims and the audit trail', async () => {
    const db = t.database.db;
    const m = await t.member();
    for (const [days, status] of [
      [200, 'sent'],
      [200, 'failed'],
      [200, 'queued'],
      [10, 'sent'],
    ] as const)
      await db.execute(
        sql`insert into notification_logs (to_email, kind, subject, send_status, created_at)
            select 'x@example.com', 'test', 'Old', ${status}, ${daysAgo(days)}::timestamptz
            from generate_series(1, 5)`,
      );
    await db.execute(
      sql`insert into billing_events (id, type, processed_at)
          select 'evt_old_' || g, 'invoice.paid', ${daysAgo(100)}::timestamptz from generate_series(1, 7) g
          union all select 'evt_new', 'invoice.paid', ${daysAgo(1)}::timestamptz`,
    );
    await db.execute(
      sql`insert into notification_claims (key, user_id, created_at) values
          ('reminder:' || ${m.userId} || ':2026-11-01', ${m.userId}, ${daysAgo(24)}::timestamptz),
          ('reminder:' || ${m.userId} || ':2026-11-24', ${m.userId}, ${daysAgo(1)}::timestamptz),
          ('trial_ending:old', ${m.userId}, ${daysAgo(400)}::timestamptz)`,
    );
    await db.execute(
      sql`insert into audit_events (actor_kind, action, target_type, target_id, created_at)
          values ('system', 'test.old', 'job', 'x', ${daysAgo(4000)}::timestamptz)`,
    );
    // Phone bridges (issue 45): the sync log keeps 30 days, the samples 3.
    await db.execute(
      sql`insert into bridge_deliveries (user_id, app, received_at, outcome, detail)
          select ${m.userId}, 'health-connect', ${daysAgo(31)}::timestamptz, 'test', '{}'::jsonb
          from generate_series(1, 3)
          union all select ${m.userId}, 'health-connect', ${daysAgo(29)}::timestamptz, 'test', '{}'::jsonb`,
    );
    await db.execute(
      sql`insert into bridge_samples (user_id, app, kind, sample_key, local_date, amount, received_at)
          select ${m.userId}, 'health-connect', 'steps', 'old' || g, date '2026-11-01', 100, ${daysAgo(4)}::timestamptz
          from generate_series(1, 2) g
          union all select ${m.userId}, 'health-connect', 'steps', 'new', date '2026-11-24', 100, ${daysAgo(1)}::timestamptz`,
    );
    const auditBefore = await count('audit_events');

    // Batches of 2: the 10 old sent and failed logs take five batches in one run.
    const deleted = await pruneRetained(db, t.deps.config, now, 2);
    expect(deleted).toEqual({
      notification_logs: 10,
      billing_events: 7,
      notification_claims: 1,
      bridge_deliveries: 3,
      bridge_samples: 2,
    });
    expect(await count('bridge_deliveries', sql`user_id = ${m.userId}`)).toBe(1);
    expect(await count('bridge_samples', sql`user_id = ${m.userId}`)).toBe(1);
    expect(await count('notification_logs', sql`subject = 'Old' and send_status = 'queued'`)).toBe(
      5,
    );
    expect(await count('notification_logs', sql`subject = 'Old'`)).toBe(10);
    expect(await count('billing_events')).toBe(1);
    expect(await count('notification_claims', sql`user_id = ${m.userId}`)).toBe(2);
    expect(await count('audit_events')).toBe(auditBefore);

    // An operator who sets AUDIT_RETENTION_DAYS prunes the trail too.
    const withAudit = {
      retentionDays: { ...t.deps.config.retentionDays, auditEvents: 3650 },
    };
    expect((await pruneRetained(db, withAudit, now)).audit_events).toBe(1);
    expect(await count('audit_events', sql`action = 'test.old'`)).toBe(0);
  });
});
