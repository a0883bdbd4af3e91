/**
 * What one send of each job costs (issue 48, decision 0112): the daily reminder and the weekly
 * review, each run by its own job function (`sendDailyReminders`, the weekly review's `run`) in this
 * process, on the jobs' own pool, to a local SMTP sink in a process of its own, with no member's
 * request in flight (so neither is paced). Per send: this process's CPU time (the Node thread the
 * pace shares with members), the database backends' CPU time, statements sent, and wall time.
 *
 * `npx tsx bench/send-cost.ts` on the template `npm run bench` seeded (BENCH_DATABASE_URL; run the
 * bench once first, e.g. BENCH_MEMBERS=20000 BENCH_DAYS=30 BENCH_ONLY=burst). It works on a copy
 * (`<name>_sendcost`), dropped afterwards. Every member is moved to one zone whose hour is a reminder
 * hour (5 in the morning) now; reviews go to members whose
 * week ended yesterday (their seeded check-ins), reminders to others. A warm-up round of each
 * (BENCH_COST_WARMUP, 200), then BENCH_COST_ROUNDS (4) rounds of BENCH_COST_SENDS (500) of each,
 * the order alternating. The ratio of the CPU per review to the CPU per reminder is the review's
 * weight in the pace (REVIEW_SEND_SLOTS, lib/pacing.ts).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/server/env';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { systemContext } from '../src/server/lib/context';
import { createServices } from '../src/server/services';
import { sendDailyReminders } from '../src/server/modules/notifications/daily-reminders';
import { run as sendWeeklyReviews } from '../src/server/modules/review/email';
import { localHourIn } from '../src/server/queries/time-zone';
import {
  CYCLE_LENGTH_DAYS,
  REVIEW_DAYS_PER_WEEK,
  SETTINGS_TIMEZONES,
} from '../src/shared/constants';
import { claimSentNotices } from './seed';
import { BENCH_DATABASE_URL, machineLoad, quoteIdent, withDatabase } from './support';

const SENDS = Number(process.env.BENCH_COST_SENDS ?? 500);
const ROUNDS = Number(process.env.BENCH_COST_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_COST_WARMUP ?? 200);

const templateName = new URL(BENCH_DATABASE_URL).pathname.slice(1);
const copyName = `${templateName}_sendcost`;
const copyUrl = withDatabase(BENCH_DATABASE_URL, copyName);

/** Statements sent by every pg client of this process (the pools' clients are pg.Client). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in ticks of 10 ms
/** CPU ms of each backend serving the copy (only this script connects to it). */
async function backendCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [copyName],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime are fields 14 and 15 of stat; here counted from field 3 (state).
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
    } catch {
      // the backend ended
    }
  }
  return cpu;
}

interface Cost {
  kind: 'reminder' | 'review';
  sent: number;
  nodeMs: number;
  dbMs: number;
  statements: number;
  wallMs: number;
}

async function main() {
  machineLoad('Before');
  const admin = new pg.Client({ connectionString: withDatabase(BENCH_DATABASE_URL, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${quoteIdent(copyName)} with (force)`);
  await admin.query(`create database ${quoteIdent(copyName)} template ${quoteIdent(templateName)}`);
  const sink = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SINK_KINDS: JSON.stringify({ review: 'review:', reminder: '.' }) },
  });
  const smtpPort = await new Promise<number>((resolve) =>
    sink.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const client = new pg.Client({ connectionString: copyUrl });
  await client.connect();
  try {
    // Nobody is owed anything yet: every member in one zone past 5 in the morning (their reminder
    // hour), e-mail only, no reminder due today, every review claimed as sent.
    const zone = SETTINGS_TIMEZONES.map((z) => z.value).find((z) => {
      const hour = localHourIn(new Date(), z);
      return hour >= 6 && hour <= 22;
    });
    if (!zone) throw new Error('no zone is between 6 and 22 now');
    await client.query(
      `update user_settings set timezone = $1, pending_timezone = null, pending_timezone_from = null,
         email_nudges = true, push_nudges = false, weekly_review_email = true, reminder_hour = 5`,
      [zone],
    );
    // After the zone: a change of zone or hour sets next_reminder_at again.
    await client.query(`update user_settings set next_reminder_at = now() + interval '1 day'`);
    const today = `(now() at time zone '${zone}')::date`;
    await client.query(`delete from notification_claims where key like 'weekly\\_review:%'`);
    await claimSentNotices(client, new Date(Date.now() + 3_600_000));
    await client.query(`delete from notification_claims where key like 'reminder:%'`);
    // Owed a review: members whose week ended yesterday (cycle day 8, 15, ...), with their check-ins.
    const needed = WARMUP + ROUNDS * SENDS;
    const { rows: reviewRows } = await client.query<{ user_id: string; key: string }>(
      `select c.user_id, 'weekly_review:' || c.id || ':' || ((${today} - c.start_date) / ${REVIEW_DAYS_PER_WEEK}) as key
       from cycles c join "user" u on u.id = c.user_id and u.email_verified
       where c.is_active and u.id like 'demo\\_%'
         and (${today} - c.start_date) % ${REVIEW_DAYS_PER_WEEK} = 0
         and ${today} - c.start_date between ${REVIEW_DAYS_PER_WEEK} and ${CYCLE_LENGTH_DAYS - 1}
       order by random() limit $1`,
      [needed],
    );
    if (reviewRows.length < needed)
      throw new Error(`only ${reviewRows.length} members owe a review today; need ${needed}`);
    const reviewers = new Set(reviewRows.map((r) => r.user_id));
    // Owed a reminder: other members on a cycle in progress, not checked in today.
    const { rows: reminderRows } = await client.query<{ user_id: string }>(
      `select c.user_id from cycles c join "user" u on u.id = c.user_id and u.email_verified
       where c.is_active and u.id like 'demo\\_%' and not (u.id = any($2::text[]))
         and ${today} - c.start_date between 0 and ${CYCLE_LENGTH_DAYS - 1}
       order by random() limit $1`,
      [needed, [...reviewers]],
    );
    if (reminderRows.length < needed)
      throw new Error(`only ${reminderRows.length} members can be reminded; need ${needed}`);
    await client.query(
      `delete from checkins where user_id = any($1::text[]) and local_date = ${today}`,
      [reminderRows.map((r) => r.user_id)],
    );
    await client.query('vacuum analyze');

    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: copyUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1:3299',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?pool=true&maxConnections=16`,
    });
    const logger = createLogger(config);
    // The jobs' pool, as index.ts opens it.
    const jobs = await openDatabase({
      driver: 'pg',
      url: copyUrl,
      poolSize: config.database.jobsPoolSize,
      applicationName: 'stackdays-jobs',
    });
    const services = createServices({ config, db: jobs.db, logger });
    const ctx = systemContext(services, 'send-cost');

    const measure = async (
      kind: Cost['kind'],
      ids: string[],
      reviewKeys: string[],
    ): Promise<Cost> => {
      if (kind === 'reminder')
        await client.query(
          `update user_settings set next_reminder_at = now() where user_id = any($1::text[])`,
          [ids],
        );
      else
        await client.query(`delete from notification_claims where key = any($1::text[])`, [
          reviewKeys,
        ]);
      const db0 = await backendCpu(admin);
      const statements0 = statements;
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const sent =
        kind === 'reminder'
          ? await sendDailyReminders(ctx)
          : await sendWeeklyReviews(ctx, new Date());
      await services.mailer.idle();
      const wallMs = performance.now() - wall0;
      const cpu = process.cpuUsage(cpu0);
      const made = statements - statements0;
      const db1 = await backendCpu(admin);
      let dbMs = 0;
      for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
      return { kind, sent, nodeMs: (cpu.user + cpu.system) / 1000, dbMs, statements: made, wallMs };
    };
    const slice = (from: number, n: number) => ({
      reminders: reminderRows.slice(from, from + n).map((r) => r.user_id),
      reviews: reviewRows.slice(from, from + n),
    });
    const round = async (from: number, n: number, reviewsFirst: boolean) => {
      const { reminders, reviews } = slice(from, n);
      const one = (kind: Cost['kind']) =>
        kind === 'reminder'
          ? measure('reminder', reminders, [])
          : measure(
              'review',
              reviews.map((r) => r.user_id),
              reviews.map((r) => r.key),
            );
      const order: Cost['kind'][] = reviewsFirst ? ['review', 'reminder'] : ['reminder', 'review'];
      const costs: Cost[] = [];
      for (const kind of order) costs.push(await one(kind));
      return costs;
    };
    const line = (c: Cost) =>
      `${c.kind.padEnd(8)} ${String(c.sent).padStart(4)} sent in ${(c.wallMs / 1000).toFixed(1)} s: per send Node ${(c.nodeMs / c.sent).toFixed(2)} ms, database ${(c.dbMs / c.sent).toFixed(2)} ms, ${(c.statements / c.sent).toFixed(2)} statements, wall ${(c.wallMs / c.sent).toFixed(2)} ms`;

    console.log(
      `Send cost: ${WARMUP} of each to warm up, then ${ROUNDS} rounds of ${SENDS} reminders and ${SENDS} weekly reviews, one process, the jobs' pool (${config.database.jobsPoolSize}), a local SMTP sink`,
    );
    for (const c of await round(0, WARMUP, false)) console.log(`  warm-up  ${line(c)}`);
    const measured: Cost[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const costs = await round(WARMUP + r * SENDS, SENDS, r % 2 === 1);
      for (const c of costs) console.log(`  round ${r + 1}  ${line(c)}`);
      measured.push(...costs);
    }
    const total = (kind: Cost['kind']) => {
      const of = measured.filter((c) => c.kind === kind);
      const sum = (f: (c: Cost) => number) => of.reduce((n, c) => n + f(c), 0);
      const sent = sum((c) => c.sent);
      return {
        node: sum((c) => c.nodeMs) / sent,
        db: sum((c) => c.dbMs) / sent,
        statements: sum((c) => c.statements) / sent,
        wall: sum((c) => c.wallMs) / sent,
      };
    };
    const reminder = total('reminder');
    const review = total('review');
    console.log(
      `  per reminder: Node ${reminder.node.toFixed(2)} ms, database ${reminder.db.toFixed(2)} ms, ${reminder.statements.toFixed(2)} statements`,
    );
    console.log(
      `  per review:   Node ${review.node.toFixed(2)} ms, database ${review.db.toFixed(2)} ms, ${review.statements.toFixed(2)} statements`,
    );
    console.log(
      `  a review over a reminder: Node ${(review.node / reminder.node).toFixed(2)}x, database ${(review.db / reminder.db).toFixed(2)}x, statements ${(review.statements / reminder.statements).toFixed(2)}x`,
    );
    await jobs.close();
  } finally {
    await client.end();
    sink.disconnect();
    await admin.query(`drop database if exists ${quoteIdent(copyName)} with (force)`);
    await admin.end();
    machineLoad('After');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
