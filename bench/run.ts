/**
 * npm run bench: the member and admin endpoints under load, next to /api/health, on a PostgreSQL
 * server holding 10,000 demo members x 60 days; then a load test (200 members checking in and reading
 * the feed) that counts every acknowledged check-in in the database. Figures: docs/benchmarks.md.
 *
 * 1. Seeds BENCH_DATABASE_URL once (default postgres://postgres@127.0.0.1:5432/stackdays_bench), in
 *    SQL (bench/seed.ts: members spread over the cycle, up to BENCH_DAYS in), and brings it to the
 *    current migrations; a template seeded for another size (its database comment) is seeded again. That database is never written by a run: each run works on
 *    a fresh copy (`<name>_load`, made with CREATE DATABASE ... TEMPLATE), so check-ins made by one
 *    run do not shrink the next run's pool of members who have not checked in today.
 *    The copy is a running system that was down for the last BENCH_DOWNTIME_MINUTES (60): every weekly
 *    review and trial notice due before then counts as sent (bench/seed.ts, `claimSentNotices`).
 * 2. Runs PostgreSQL's pgbench (TPC-B, scale 10, 50 clients, BENCH_PGBENCH_SECONDS (10); 0: none) on
 *    a database of its own (bench/pgbench.ts): check-in create's rate is printed as a share of it.
 * 3. Starts the real server on the copy, in the default role (TRUST_PROXY=1: each sign-in request
 *    comes from its own client address, as members behind a load balancer do, so the per-address
 *    code-entry limit is not what gets measured), and times its start-up jobs catching up (target
 *    under 30 s). Then the next two hours' reminders, reviews and notices count as sent, so the
 *    endpoints are measured with the jobs idle: check-in create there is check-in create alone.
 * 4. Measures each endpoint for BENCH_SECONDS (10) at BENCH_CONNECTIONS (50): the reads as 50 members
 *    (each request from the next of them), the admin reads as one admin; requests/s, p50/p95/p99,
 *    errors, and database transactions per request; health before and after, ratios against their mean.
 *    Before health's first run, every endpoint is served for BENCH_WARMUP_SECONDS (2; 0: none), unmeasured.
 * 5. Load test: BENCH_LOAD_CONNECTIONS (200) members, each checking in then reading the feed, for
 *    BENCH_LOAD_SECONDS (60). Every 201 is an acknowledged check-in; afterwards each must be in the
 *    database with its post, and no other check-in or orphan post may have appeared.
 * 6. The memory measurements: 20 uploads of 200 MB at once (bench/upload-memory.ts), and the data
 *    export of a member with 90 check-ins and 900 photos (bench/export-memory.ts).
 * 7. The progress-photo collage of two 12-megapixel photos (bench/collage.ts; target p95 < 1 s).
 * 8. The reminder burst (bench/reminder-burst.ts): BENCH_BURST_DUE (30,000) members due in the same
 *    hour and the weekly reviews owed at that hour, sent by one server process in the default role,
 *    while members check in (check-in create during the jobs, against the same process with the jobs
 *    held) and read the feed; a local SMTP sink.
 *
 * Every target is printed with PASS or FAIL: the start-up jobs, reads, check-in create alone,
 * sign-in (transactions, and its share of health against the last run at fewer members,
 * bench/.last-runs.json), the burst (check-in create during the jobs, delivery, peak RSS, the feed).
 * The whole output of every run is written to bench/runs/<UTC time>.log (bench/run-log.ts).
 * Exit code 1 when any request errored or any acknowledged check-in is missing; BENCH_STRICT=1 also
 * fails on a missed target. Other options: BENCH_MEMBERS (10000), BENCH_DAYS (60), BENCH_RESEED=1,
 * BENCH_PORT (3299), BENCH_ONLY=name,name (endpoints to measure; also load, upload, export, burst), BENCH_LOAD_SECONDS=0 (no load test),
 * BENCH_KEEP=1 (keep the copy afterwards), BENCH_SERVER_ARGS (node flags for the servers after those of npm start, e.g. --cpu-prof),
 * BENCH_SERVER_ENTRY (a compiled server to run instead of building dist/server/index.mjs),
 * BENCH_DOWNTIME_MINUTES (60), BENCH_PGBENCH_SECONDS (10; 0: no pgbench), BENCH_PGBENCH (its path),
 * BENCH_BURST_DUE (30000), BENCH_BURST_PROCESSES (1; 2: two processes share the burst),
 * BENCH_BURST_WARMUP_SECONDS (10).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { symmetricEncrypt } from 'better-auth/crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { seedBadges } from '../src/server/db/seed';
import { refreshCycleStats } from '../src/server/queries/cycle-stats';
import {
  BENCH_DATABASE_URL,
  CHECKIN_BODY,
  checkinsAccountedFor,
  formatActivity,
  METRICS_TOKEN,
  machineLoad,
  percentile,
  quoteIdent,
  sampleActivity,
  SERVER_NODE_FLAGS,
  sessionsFor,
  type ActivitySummary,
  waitForHealth,
  waitForStartupJobs,
  withDatabase,
} from './support';
import { exportMemoryPassed, formatExportMemory, measureExportMemory } from './export-memory';
import { reminderBurst } from './reminder-burst';
import { collageBench } from './collage';
import { measureUploadMemory, UPLOAD_MEMORY_TARGET_MB } from './upload-memory';
import { claimSentNotices, seedInSql } from './seed';
import { runPgbench, shareOfPgbench } from './pgbench';
import { runLogged } from './run-log';
import { CREW_MAX_MEMBERS } from '../src/shared/constants';

const templateUrl = BENCH_DATABASE_URL;
const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const days = Number(process.env.BENCH_DAYS ?? 60);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const loadConnections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 3299);
const downtimeMinutes = Number(process.env.BENCH_DOWNTIME_MINUTES ?? 60);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const base = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString('hex');

/** The targets of issues 16, 33 and 48. */
const MIN_SHARE_OF_HEALTH = 0.25;
const MAX_READ_P95_MS = 50;
/** Check-in create with the jobs idle (issue 48; 250 ms while they send: bench/reminder-burst.ts). */
const MAX_CHECKIN_P95_MS = 150;
/** The jobs' first runs at start, catching up what came due while the server was down (issue 48). */
const MAX_STARTUP_JOBS_S = 30;
/** How far ahead the reminders, reviews and notices count as sent while the endpoints are measured. */
const QUIET_MS = 2 * 3_600_000;
const MAX_CHECKIN_XACTS = 2;
const MAX_SIGN_IN_XACTS = 3;
const SIGN_IN_NOISE = 0.8;
const LAST_RUNS = new URL('./.last-runs.json', import.meta.url);

const templateName = new URL(templateUrl).pathname.slice(1);
const copyName = `${templateName}_load`;
const copyUrl = withDatabase(templateUrl, copyName);

async function adminClient() {
  const client = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await client.connect();
  return client;
}

// ---------------------------------------------------------------------------------------------------
// The databases
// ---------------------------------------------------------------------------------------------------

/**
 * Written on the template as a comment: a template seeded otherwise is seeded again (v3: the notices a
 * running system had sent are claimed).
 */
const SEED_MARK = `bench seed v3: ${members} members, ${days} days`;

async function prepareTemplate() {
  const admin = await adminClient();
  const existing = await admin.query(
    `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
    [templateName],
  );
  const mark = existing.rows[0]?.mark as string | undefined;
  if (mark !== SEED_MARK || process.env.BENCH_RESEED) {
    console.log(`Seeding ${members} members, up to ${days} days, into ${templateUrl} (in SQL)...`);
    const started = performance.now();
    await admin.query(`drop database if exists ${quoteIdent(templateName)} with (force)`);
    await admin.query(`create database ${quoteIdent(templateName)}`);
    const database = await openDatabase({ driver: 'pg', url: templateUrl, poolSize: 1 });
    try {
      await migrateDatabase(database);
      await seedBadges(database.db);
      await seedInSql(templateUrl, members, days, console.log);
      let step = performance.now();
      // The leaderboard reads each cycle's check-in aggregates; computed once for every cycle.
      await refreshCycleStats(database.db);
      console.log(`  cycle aggregates: ${((performance.now() - step) / 1000).toFixed(1)} s`);
      step = performance.now();
      // A bulk load leaves no visibility map and no statistics: until autovacuum comes by,
      // index-only scans read the table too. A database in use has been vacuumed.
      await database.db.execute(sql`vacuum analyze`);
      console.log(`  vacuum analyze: ${((performance.now() - step) / 1000).toFixed(1)} s`);
    } finally {
      await database.close();
    }
    await admin.query(`comment on database ${quoteIdent(templateName)} is '${SEED_MARK}'`);
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else {
    console.log(`Using ${templateName} (${mark})`);
    // New migrations (indexes) are applied to the template once, not to every copy.
    const database = await openDatabase({ driver: 'pg', url: templateUrl, poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
  }
  await admin.end();
}

/** A fresh copy of the seeded template: every run starts from the same rows. */
async function copyTemplate() {
  const started = performance.now();
  const admin = await adminClient();
  await admin.query(`drop database if exists ${quoteIdent(copyName)} with (force)`);
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [templateName],
  );
  await admin.query(
    `create database ${quoteIdent(copyName)} template ${quoteIdent(templateName)} strategy file_copy`,
  );
  await admin.end();
  console.log(
    `Copied ${templateName} to ${copyName} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function dropCopy() {
  const admin = await adminClient();
  await admin.query(`drop database if exists ${quoteIdent(copyName)} with (force)`);
  await admin.end();
}

// ---------------------------------------------------------------------------------------------------
// Members, sessions and codes
// ---------------------------------------------------------------------------------------------------

/**
 * Demo members who can check in right now: an active cycle not past day 90 and no check-in on their
 * local today (the seed leaves today open for members whose usual check-in time has not come yet).
 */
async function membersFreeToCheckIn(client: pg.Client, exclude: string[]): Promise<string[]> {
  const res = await client.query(
    `select u.id from "user" u
     join user_settings s on s.user_id = u.id and s.pending_timezone is null
     join cycles c on c.user_id = u.id and c.is_active
     where u.id like 'demo\\_%' and not (u.id = any($1::text[]))
       and (now() at time zone s.timezone)::date - c.start_date between 0 and 88
       and not exists (
         select 1 from checkins k where k.user_id = u.id and k.local_date = (now() at time zone s.timezone)::date
       )
     order by random()`,
    [exclude],
  );
  return res.rows.map((r) => r.id as string);
}

/**
 * In the copy only: removes today's check-ins (and, by cascade, their posts) of every demo member
 * but the viewer and the admin, and recomputes their cycles' aggregates, so nearly all members
 * can check in during the run.
 */
async function freeEveryMember(client: pg.Client, exclude: string[]) {
  const removed = await client.query(
    `delete from checkins k using user_settings s
     where s.user_id = k.user_id and k.user_id like 'demo\\_%' and not (k.user_id = any($1::text[]))
       and k.local_date = (now() at time zone s.timezone)::date
     returning k.cycle_id`,
    [exclude],
  );
  const cycleIds = [...new Set(removed.rows.map((r) => r.cycle_id as string))];
  const database = await openDatabase({ driver: 'pg', url: copyUrl, poolSize: 1 });
  try {
    // In slices: each id is two bind parameters, and a statement takes at most 65,535.
    for (let i = 0; i < cycleIds.length; i += 10_000)
      await refreshCycleStats(database.db, cycleIds.slice(i, i + 10_000));
  } finally {
    await database.close();
  }
  await client.query('analyze checkins');
  await client.query('analyze posts');
  console.log(
    `Removed today's check-in of ${removed.rowCount} members in the copy, so they can check in`,
  );
}

/**
 * The readers in crews of CREW_MAX_MEMBERS (issue 33: the crew board joins the bench), the first of
 * each crew its owner; answers each reader's crew id, in the order given.
 */
async function crewsFor(client: pg.Client, userIds: string[]): Promise<string[]> {
  const crewIds: string[] = [];
  for (let i = 0; i < userIds.length; i += CREW_MAX_MEMBERS) {
    const members = userIds.slice(i, i + CREW_MAX_MEMBERS);
    const { rows } = await client.query(
      `insert into crews (name, owner_id) values ($1, $2) returning id`,
      [`Bench crew ${i / CREW_MAX_MEMBERS + 1}`, members[0]],
    );
    await client.query(
      `insert into crew_members (crew_id, user_id) select $1, unnest($2::text[])`,
      [rows[0].id, members],
    );
    crewIds.push(...members.map(() => rows[0].id as string));
  }
  return crewIds;
}

/**
 * A live sign-in code for each e-mail, stored the way the server stores the codes it mails
 * (better-auth's email-otp, storeOTP 'encrypted', no attempt used yet). The bench knows each code,
 * so every sign-in request is a real, successful verification.
 */
async function freshCodes(client: pg.Client, emails: string[]) {
  const codes = emails.map(() => String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
  const values = await Promise.all(
    codes.map(async (code) => `${await symmetricEncrypt({ key: secret, data: code })}:0`),
  );
  await client.query(
    `insert into verification (id, identifier, value, expires_at, created_at, updated_at)
     select gen_random_uuid()::text, 'sign-in-otp-' || e, v, now() + interval '10 minutes', now(), now()
     from unnest($1::text[], $2::text[]) as x(e, v)`,
    [emails, values],
  );
  return emails.map((email, i) => ({ email, code: codes[i] }));
}

// ---------------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------------

type Request = autocannon.Request;

interface Endpoint {
  name: string;
  read: boolean;
  /** The status a successful request answers with. */
  ok: number;
  requests: Request[];
  headers?: Record<string, string>;
  /** True once the pool of members or codes the requests use up is nearly empty: the run stops early. */
  exhausted?: () => boolean;
}

interface Measured {
  name: string;
  read: boolean;
  rps: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  xactsPerRequest: number;
  seconds: number;
  /** pg_stat_activity while it ran (check-in create only). */
  activity?: ActivitySummary;
}

/**
 * The database's committed and rolled-back transactions once every backend has reported. PostgreSQL
 * 15 flushes a backend's counts when it goes idle, at most once a second, and up to 10 s later when
 * another backend holds the statistics lock or the backend stays idle (PGSTAT_IDLE_INTERVAL): the
 * cache listener, idle but for the notifications it reads (a transaction each), reports after the
 * endpoint's run. So the count is read when it has not moved for 11 s. The count read after one
 * endpoint is the count before the next (`settled`). These reads are transactions of this database
 * too: `countReads` counts them, and `measure` takes them off the endpoint's.
 */
let countReads = 0;
let settled: number | null = null;
async function committedTransactions(client: pg.Client): Promise<number> {
  if (settled !== null) return settled;
  const read = async () => {
    countReads += 1;
    return Number(
      (
        await client.query(
          `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
        )
      ).rows[0].n,
    );
  };
  let last = await read();
  let stillSince = Date.now();
  while (Date.now() - stillSince < 11_000) {
    await new Promise((r) => setTimeout(r, 1_000));
    const n = await read();
    // Our own reads are a transaction each; anything more is a backend still reporting.
    if (n - last > 2) stillSince = Date.now();
    last = n;
  }
  return (settled = last);
}

/**
 * Serves `endpoint` for `duration` seconds at BENCH_CONNECTIONS, stopping early once its pool runs
 * out; `onResponse` sees each answer's status and time in ms.
 */
async function serve(
  endpoint: Endpoint,
  duration: number,
  onResponse?: (status: number, ms: number) => void,
): Promise<{ result: autocannon.Result; stoppedEarly: boolean }> {
  let stoppedEarly = false;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        headers: endpoint.headers,
        requests: endpoint.requests,
      },
      (error, res) => {
        clearInterval(watch);
        if (error) reject(error);
        else resolve(res);
      },
    );
    const watch = setInterval(() => {
      if (!endpoint.exhausted?.()) return;
      stoppedEarly = true;
      clearInterval(watch);
      instance.stop();
    }, 50);
    if (onResponse) {
      instance.on(
        'response',
        (_client: unknown, statusCode: number, _bytes: number, responseTime: number) =>
          onResponse(statusCode, responseTime),
      );
    }
  });
  return { result, stoppedEarly };
}

/**
 * Serves `endpoint` for BENCH_WARMUP_SECONDS, unmeasured. Every endpoint is warmed before health's
 * first run, so health is measured on a server whose code has met every route, as it is while the
 * endpoints run. Without it, health's first run met a server that had served only health, and its
 * last run one that had served everything: a quarter to a third slower (docs/benchmarks.md).
 */
async function warm(endpoint: Endpoint): Promise<void> {
  await serve(endpoint, warmupSeconds);
}

async function measure(client: pg.Client, endpoint: Endpoint): Promise<Measured> {
  const latencies: number[] = [];
  let wrongStatus = 0;
  const before = await committedTransactions(client);
  const readsBefore = countReads;
  settled = null;
  // What the check-in's backends wait for, and whether any job is busy meanwhile (issue 48).
  const activity =
    endpoint.name === 'check-in create' ? sampleActivity(templateUrl, copyName) : null;
  const started = performance.now();
  const { result, stoppedEarly } = await serve(endpoint, seconds, (status, ms) => {
    if (status !== endpoint.ok) wrongStatus++;
    latencies.push(ms);
  });
  const summary = await activity?.stop();
  if (stoppedEarly) console.log(`  (${endpoint.name}: its pool ran out; stopped early)`);
  const elapsed = (performance.now() - started) / 1000;
  const after = await committedTransactions(client);
  const benchReads = countReads - readsBefore;
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  return {
    name: endpoint.name,
    read: endpoint.read,
    rps: total / elapsed,
    total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: wrongStatus + result.errors + result.timeouts,
    xactsPerRequest: total ? (after - before - benchReads) / total : NaN,
    seconds: elapsed,
    activity: summary,
  };
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

/** PASS (true), FAIL (false), or no target (null) for one measured endpoint. */
function targetFor(r: Measured, share: number): boolean | null {
  if (r.read) return share >= MIN_SHARE_OF_HEALTH && r.p95 < MAX_READ_P95_MS;
  if (r.name === 'check-in create')
    return r.total > 0 && r.p95 < MAX_CHECKIN_P95_MS && r.xactsPerRequest <= MAX_CHECKIN_XACTS;
  if (r.name === 'sign-in code') return r.total > 0 && r.xactsPerRequest <= MAX_SIGN_IN_XACTS;
  return null;
}

/**
 * Records this run's sign-in figures under its member count and compares them with the last run at
 * another member count: more members must not make the sign-in slower (its share of health's
 * requests/s, which the machine's load moves less than raw figures). Null when there is nothing to
 * compare with yet.
 */
function compareSignIn(share: number, p95: number): boolean | null {
  const runs: Record<string, { share: number; p95: number; at: string }> = existsSync(LAST_RUNS)
    ? JSON.parse(readFileSync(LAST_RUNS, 'utf8'))
    : {};
  runs[String(members)] = { share, p95, at: new Date().toISOString() };
  writeFileSync(LAST_RUNS, `${JSON.stringify(runs, null, 2)}\n`);
  const fewer = Object.keys(runs)
    .map(Number)
    .filter((n) => n < members)
    .sort((a, b) => b - a)[0];
  if (fewer === undefined) {
    console.log(`sign-in at ${members} members: no run with fewer members to compare with yet`);
    return null;
  }
  const before = runs[String(fewer)];
  const pass = share >= before.share * SIGN_IN_NOISE;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  sign-in at ${members} members: ${(share * 100).toFixed(1)}% of health (p95 ${p95.toFixed(0)} ms) against ${(before.share * 100).toFixed(1)}% (p95 ${before.p95.toFixed(0)} ms) at ${fewer} members on ${before.at}`,
  );
  return pass;
}

async function main() {
  console.log(
    `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  machineLoad('Before');
  // The server runs compiled, as `npm start` and the image run it (decision 0028). BENCH_SERVER_ENTRY
  // runs another compiled server instead (an older build, to compare two builds in one sitting).
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'dist/server/index.mjs';
  if (!process.env.BENCH_SERVER_ENTRY) {
    const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      stdio: 'inherit',
    });
    if (compiled.status !== 0) throw new Error('compiling the server failed');
  }
  await prepareTemplate();
  await copyTemplate();
  // Before any server runs: the machine's PostgreSQL alone.
  const pgbench =
    Number(process.env.BENCH_PGBENCH_SECONDS ?? 10) > 0 ? await runPgbench(templateUrl) : null;

  const client = new pg.Client({ connectionString: copyUrl });
  await client.connect();
  // The copy is a system that was down for the last BENCH_DOWNTIME_MINUTES: what came due before
  // then went out while it ran (the template may have been seeded days ago), what came due since is
  // the start-up's to catch up.
  const downSince = new Date(Date.now() - downtimeMinutes * 60_000);
  // A claim's created_at is the moment it came due (bench/seed.ts): none was made while down.
  await client.query(
    `delete from notification_claims
     where (key like 'weekly\\_review:%' or key like 'trial\\_ending:%') and created_at > $1`,
    [downSince],
  );
  const caughtUpBefore = await claimSentNotices(client, downSince);
  console.log(
    `The copy was down since ${downSince.toISOString()}: ${caughtUpBefore.reviews} weekly reviews and ${caughtUpBefore.trials} trial notices due before then counted as sent`,
  );
  // Today's reminders went out before the run (decision 0050): the server's reminder job finds
  // nobody due while the endpoints are measured.
  await client.query(`update user_settings set next_reminder_at = now() + interval '2 hours'`);
  // The node flags `npm start` runs the server with (decision 0112), then BENCH_SERVER_ARGS: more
  // flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const serverEnv = {
    DATABASE_URL: copyUrl,
    HOST: '127.0.0.1',
    AUTH_SECRET: secret,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    TRUST_PROXY: '1',
    METRICS_TOKEN,
  };
  // The default role (decision 0100): this one process serves members and runs every job.
  const inherited: Record<string, string | undefined> = { ...process.env };
  delete inherited.STACKDAYS_ROLE;
  const startedAt = (await client.query(`select now() as t`)).rows[0].t as Date;
  const server = spawn(process.execPath, [...nodeArgs, entry], {
    env: { ...inherited, ...serverEnv, PORT: String(port), SMTP_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let failed = false;
  let missed = 0;
  try {
    await waitForHealth(base, server);
    // Measure the steady state: each job's first run (the mail queue, the weekly review e-mails, the
    // storage sweep in its hour...) has finished, so its transactions do not count as the endpoints'.
    // Before the sessions and codes are made: a sign-in code lives 10 minutes.
    const startup = await waitForStartupJobs(base, server, METRICS_TOKEN);
    const caughtUp = await client.query(
      `select split_part(key, ':', 1) as kind, count(*)::int as n from notification_claims
       where created_at >= $1 group by 1 order by 1`,
      [startedAt],
    );
    const startupPass = startup < MAX_STARTUP_JOBS_S;
    if (!startupPass) missed++;
    console.log(
      `${startupPass ? 'PASS' : 'FAIL'}  start-up jobs done in ${startup.toFixed(1)} s (target < ${MAX_STARTUP_JOBS_S} s), catching up ${caughtUp.rows.map((r) => `${r.n} ${r.kind}`).join(', ') || 'nothing'} due in ${downtimeMinutes} minutes down`,
    );
    // The endpoints are measured with the jobs idle: as the reminders, the next two hours' weekly
    // reviews and trial notices count as sent (the burst measures check-in create while they go out).
    const ahead = await claimSentNotices(client, new Date(Date.now() + QUIET_MS));
    console.log(
      `Reviews and notices due in the next ${QUIET_MS / 3_600_000} hours counted as sent: ${ahead.reviews} reviews, ${ahead.trials} trial notices`,
    );
    const version = (await client.query(`show server_version`)).rows[0].server_version;
    const counts = await client.query(
      `select (select count(*) from "user")::int as users, (select count(*) from checkins)::int as checkins,
              (select count(*) from posts)::int as posts, (select count(*) from likes)::int as likes,
              (select count(*) from comments)::int as comments, (select count(*) from post_reactions)::int as reactions`,
    );
    console.log(`PostgreSQL ${version}; data:`, counts.rows[0]);

    // The readers (home, feed, My Cycle, leaderboard: one member per connection, each request from
    // the next of them) and an admin: demo members of the copy.
    const [viewerId, adminId] = ['demo_1', 'demo_2'];
    const otherReaders = Array.from(
      { length: Math.max(0, connections - 1) },
      (_, i) => `demo_${i + 3}`,
    );
    await client.query(`update profiles set is_admin = true where id = $1`, [adminId]);
    const [viewerCookie, adminCookie] = await sessionsFor(client, secret, [viewerId, adminId]);
    const readerCookies = [viewerCookie, ...(await sessionsFor(client, secret, otherReaders))];
    const readerCrews = await crewsFor(client, [viewerId, ...otherReaders]);
    await freeEveryMember(client, [viewerId, adminId]);
    const free = await membersFreeToCheckIn(client, [viewerId, adminId]);
    // Every free member for the check-in endpoint; before the load test their check-ins are removed
    // again, so it has every one of them too.
    const forEndpoint = free;
    const endpointCookies = await sessionsFor(client, secret, forEndpoint);
    const codeEmails = (
      await client.query(
        `select email from "user" where id like 'demo\\_%' and not (id = any($1::text[])) order by random() limit 20000`,
        [[viewerId, adminId]],
      )
    ).rows.map((r) => r.email as string);
    const codes = await freshCodes(client, codeEmails);
    const searches = (
      await client.query(
        `(select lower(left(display_name, 3)) as q from profiles where id like 'demo\\_%' order by random() limit 40)
         union all (select 'demo' || (floor(random() * 9000) + 100)::int from generate_series(1, 10))`,
      )
    ).rows.map((r) => r.q as string);
    // The Users page asks the cycle lines of the 25 members it shows (decision 0132): pages of members
    // drawn at random.
    const linePages = (
      await client.query(
        `select id from "user" where id like 'demo\\_%' order by random() limit 2500`,
      )
    ).rows
      .map((r) => r.id as string)
      .reduce<string[][]>((pages, id, i) => {
        if (i % 25 === 0) pages.push([]);
        pages[pages.length - 1].push(id);
        return pages;
      }, []);
    console.log(
      `Pools: ${forEndpoint.length} members free to check in, ${codes.length} sign-in codes, ${searches.length} admin searches, ${linePages.length} pages of member lines`,
    );

    const me = await (
      await fetch(`${base}/api/account/session`, { headers: { cookie: viewerCookie } })
    ).json();
    if (me.user?.userId !== viewerId) throw new Error('the bench session was not accepted');
    const adminPage = await fetch(`${base}/api/admin/users`, { headers: { cookie: adminCookie } });
    if (adminPage.status !== 200) throw new Error(`admin user list answered ${adminPage.status}`);

    const json = { 'content-type': 'application/json', origin: base };
    let nextCheckin = 0;
    let nextCode = 0;
    let nextSearch = 0;
    let nextLinePage = 0;
    const get = (path: string): Request[] => [{ method: 'GET', path }];
    let nextReader = 0;
    /** GET `path` as the next reader in turn. */
    const read = (path: string): Request[] => [
      {
        method: 'GET',
        path,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: readerCookies[nextReader++ % readerCookies.length] },
        }),
      },
    ];
    /** GET `pathFor(reader)` as the next reader in turn (a path of the reader's own). */
    const readOwn = (pathFor: (reader: number) => string): Request[] => [
      {
        method: 'GET',
        path: pathFor(0),
        setupRequest: (req) => {
          const reader = nextReader++ % readerCookies.length;
          return {
            ...req,
            path: pathFor(reader),
            headers: { ...req.headers, cookie: readerCookies[reader] },
          };
        },
      },
    ];
    /** An admin read whose path changes with every request. */
    const adminRead = (name: string, nextPath: () => string): Endpoint => ({
      name,
      read: true,
      ok: 200,
      headers: { cookie: adminCookie },
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
    });
    const endpoints: Endpoint[] = [
      {
        name: 'home/today',
        read: true,
        ok: 200,
        requests: read('/api/checkins/today'),
      },
      {
        name: 'check-in create',
        read: false,
        ok: 201,
        exhausted: () => nextCheckin >= forEndpoint.length - connections,
        requests: [
          {
            method: 'POST',
            path: '/api/checkins',
            setupRequest: (req) => ({
              ...req,
              headers: { ...json, cookie: endpointCookies[nextCheckin++ % endpointCookies.length] },
              body: CHECKIN_BODY,
            }),
          },
        ],
      },
      {
        name: 'feed page',
        read: true,
        ok: 200,
        requests: read('/api/feed'),
      },
      {
        name: 'my cycle',
        read: true,
        ok: 200,
        requests: read('/api/cycle'),
      },
      {
        name: 'leaderboard',
        read: true,
        ok: 200,
        requests: read('/api/community'),
      },
      {
        name: 'crew board',
        read: true,
        ok: 200,
        requests: readOwn((reader) => `/api/crews/${readerCrews[reader]}`),
      },
      {
        name: 'weekly review',
        read: true,
        ok: 200,
        requests: read('/api/review'),
      },
      {
        name: 'sign-in code',
        read: false,
        ok: 200,
        exhausted: () => nextCode >= codes.length - connections,
        requests: [
          {
            method: 'POST',
            path: '/api/account/sign-in',
            setupRequest: (req) => {
              const i = nextCode++;
              const { email, code } = codes[i % codes.length];
              // Each sign-in from its own client address (see the top of this file).
              const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
              return {
                ...req,
                headers: { ...json, 'x-forwarded-for': ip },
                body: JSON.stringify({ email, code }),
              };
            },
          },
        ],
      },
      {
        name: 'admin users',
        read: true,
        ok: 200,
        requests: get('/api/admin/users'),
        headers: { cookie: adminCookie },
      },
      adminRead('admin search', () => {
        const q = searches[nextSearch++ % searches.length];
        return `/api/admin/users?q=${encodeURIComponent(q)}`;
      }),
      adminRead('admin member lines', () => {
        const ids = linePages[nextLinePage++ % linePages.length];
        return `/api/admin/users/lines?ids=${ids.join(',')}`;
      }),
    ];

    const results: Measured[] = [];
    const measured = endpoints.filter((e) => !only || only.includes(e.name));
    if (warmupSeconds > 0) for (const endpoint of measured) await warm(endpoint);
    const healthBefore = await measure(client, {
      name: 'health',
      read: false,
      ok: 200,
      requests: get('/api/health'),
    });
    for (const endpoint of measured) {
      results.push(await measure(client, endpoint));
    }
    const healthAfter = await measure(client, {
      name: 'health (again)',
      read: false,
      ok: 200,
      requests: get('/api/health'),
    });
    const healthRps = (healthBefore.rps + healthAfter.rps) / 2;

    console.log(
      `\n${connections} connections, ${seconds} s per endpoint; "vs health" is against the mean of the two health runs (${healthRps.toFixed(0)} req/s)\n`,
    );
    console.log(
      'endpoint           req/s   p50 ms   p95 ms   p99 ms  errors  db xacts/req  vs health  target',
    );
    const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
    for (const r of [healthBefore, ...results, healthAfter]) {
      const share = r.rps / healthRps;
      const verdict = targetFor(r, share);
      if (verdict === false) missed++;
      const target = verdict === null ? '' : verdict ? 'PASS' : 'FAIL';
      console.log(
        `${r.name.padEnd(16)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${fmt(r.xactsPerRequest, 2).padStart(13)} ${`${(share * 100).toFixed(0)}%`.padStart(10)}  ${target}`,
      );
    }
    console.log(
      `\nTargets: reads >= ${MIN_SHARE_OF_HEALTH * 100}% of health's requests/s and p95 < ${MAX_READ_P95_MS} ms; check-in create (alone: the jobs idle) p95 < ${MAX_CHECKIN_P95_MS} ms and <= ${MAX_CHECKIN_XACTS} transactions per request; sign-in code <= ${MAX_SIGN_IN_XACTS} transactions per request.`,
    );
    const checkin = results.find((r) => r.name === 'check-in create');
    if (checkin && checkin.total > 0) {
      console.log(
        `check-in create alone: ${fmt(checkin.rps, 0)} req/s${pgbench ? `, ${shareOfPgbench(checkin.rps, pgbench)}` : ''}`,
      );
      for (const line of formatActivity(checkin.activity ?? { samples: 0, apps: {} }))
        console.log(`  pg_stat_activity (${checkin.activity?.samples} samples) ${line}`);
    }
    const signIn = results.find((r) => r.name === 'sign-in code');
    if (signIn && signIn.total > 0) {
      // "No slower at 100,000 members than at 10,000": this run's share of health against the last
      // run at another member count (bench/.last-runs.json, kept out of git), 20% allowed for noise.
      const compared = compareSignIn(signIn.rps / healthRps, signIn.p95);
      if (compared === false) missed++;
    }
    console.log(`${missed} missed.`);
    const errored = results.filter((r) => r.errors > 0);
    if (errored.length) {
      failed = true;
      console.log(`FAIL  errors in: ${errored.map((r) => r.name).join(', ')}`);
    }
    if (missed && process.env.BENCH_STRICT) failed = true;

    if (loadSeconds > 0 && (!only || only.includes('load'))) {
      await freeEveryMember(client, [viewerId, adminId]);
      const forLoad = await membersFreeToCheckIn(client, [viewerId, adminId]);
      const lost = await loadTest(client, forLoad, await sessionsFor(client, secret, forLoad));
      if (lost) failed = true;
    }

    if (!only || only.includes('upload')) {
      // It prints its own table (peak RSS per setup) and PASS/FAIL lines.
      const uploads = await measureUploadMemory({ databaseUrl: copyUrl, port: port + 1 });
      if (uploads.some((r) => r.stored !== r.members || r.hwmMb >= UPLOAD_MEMORY_TARGET_MB))
        failed = true;
    }

    if (!only || only.includes('export')) {
      const download = await measureExportMemory({ databaseUrl: copyUrl, port: port + 4 });
      console.log(formatExportMemory(download));
      if (!exportMemoryPassed(download)) failed = true;
    }

    if (!only || only.includes('collage')) {
      // In this process, with the server idle: composing waits on nothing else (issue 46).
      if (!(await collageBench()) && process.env.BENCH_STRICT) failed = true;
    }

    if (!only || only.includes('burst')) {
      // The burst's two processes are the only ones on the copy.
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
      const burstMissed = await reminderBurst({
        databaseUrl: copyUrl,
        ports: [port + 2, port + 3],
        entry,
        env: serverEnv,
        nodeArgs,
        readerCookies,
        secret,
        connections,
        seconds,
        pgbench,
      });
      if (burstMissed && process.env.BENCH_STRICT) failed = true;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    await client.end();
    if (!process.env.BENCH_KEEP) await dropCopy().catch((error) => console.error(error));
    machineLoad('After');
  }
  if (failed) process.exitCode = 1;
}

/**
 * 200 members at once, each checking in and then reading the feed, again and again with the next
 * member, for loadSeconds. Each loop finishes the request it has started, so every check-in the
 * server made was answered: the acknowledged ones (201) must all be in the database with their post,
 * and there must be no other. Answers true when anything errored or anything is missing.
 */
async function loadTest(client: pg.Client, userIds: string[], cookies: string[]): Promise<boolean> {
  console.log(
    `\nLoad test: ${loadConnections} members checking in and reading the feed for ${loadSeconds} s (${userIds.length} members can check in)`,
  );
  const startedAt = (await client.query(`select now() as t`)).rows[0].t as Date;
  const acknowledged: string[] = [];
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let next = 0;
  let ranOut = false;
  const started = performance.now();
  const deadline = started + loadSeconds * 1000;
  const timed = async (label: string, url: string, init: RequestInit) => {
    const t = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      latencies.push(performance.now() - t);
      count(`${label} ${res.status}`);
      return { status: res.status, body };
    } catch (error) {
      count(`${label} ${(error as Error).name}`);
      return { status: 0, body: '' };
    }
  };
  const member = async () => {
    while (performance.now() < deadline) {
      const i = next++;
      if (i >= cookies.length) {
        ranOut = true;
        return;
      }
      const cookie = cookies[i];
      const created = await timed('check-in', `${base}/api/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: CHECKIN_BODY,
      });
      if (created.status === 201) acknowledged.push(JSON.parse(created.body).checkin.id);
      await timed('feed', `${base}/api/feed`, { headers: { cookie } });
    }
  };
  await Promise.all(Array.from({ length: loadConnections }, member));
  const elapsed = (performance.now() - started) / 1000;
  const { found, withPost, made, orphanPosts } = await checkinsAccountedFor(
    client,
    acknowledged,
    startedAt,
    userIds,
  );
  const errors = [...statuses].filter(([k]) => !/ 2\d\d$/.test(k)).reduce((n, [, v]) => n + v, 0);
  latencies.sort((a, b) => a - b);
  const checkins = acknowledged.length;
  console.log(
    `  ${elapsed.toFixed(1)} s${ranOut ? ' (the members free to check in ran out)' : ''}: ${latencies.length} requests (${(latencies.length / elapsed).toFixed(0)}/s), ${(checkins / elapsed).toFixed(0)} check-ins/s; latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );
  console.log(`  answers: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log(
    `  acknowledged check-ins ${checkins}; in the database ${found}, with their post ${withPost}; check-ins these members made ${made}; posts without a check-in ${orphanPosts}`,
  );
  const lost = checkins - found;
  const ok =
    errors === 0 && lost === 0 && withPost === checkins && made === checkins && orphanPosts === 0;
  console.log(
    `  ${ok ? 'PASS' : 'FAIL'}  zero errors and zero lost check-ins${ok ? '' : ` (errors ${errors}, lost ${lost}, unacknowledged ${made - checkins})`}`,
  );
  return !ok;
}

runLogged()
  .then((code) => {
    if (code === null) return main();
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
