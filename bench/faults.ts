/**
 * npm run faults: fault drills against the real, compiled server on PostgreSQL (decision 0041). Each
 * drill prints PASS or FAIL with what it counted; the exit code is 1 when any failed.
 *
 * The database goes away and comes back. FAULTS_CONNECTIONS (50) members check in and read (home's
 * cycle and the feed) for FAULTS_SECONDS (24). A third of the way in, every connection to the
 * database is ended and new ones are refused (what a restart looks like from the server); a third
 * later they are allowed again. Meanwhile /api/ready is polled. Then:
 * - every answer was a 2xx, or a 503 with Retry-After (never a 500, never a hang past the statement
 *   timeout: each request is given FAULTS_REQUEST_TIMEOUT_MS, 20 s, and one that takes longer counts);
 * - /api/ready said the database was unavailable during the outage, and ready after;
 * - the same process served again afterwards (no restart);
 * - every acknowledged check-in (201) is in the database with its post, and no post lost its check-in.
 *
 * It works on its own database (FAULTS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * stackdays_faults), made afresh and seeded with FAULTS_MEMBERS (1000) demo members, and dropped after.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  checkinsAccountedFor,
  machineLoad,
  percentile,
  quoteIdent,
  sessionsFor,
  withDatabase,
} from './support';

const databaseUrl =
  process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stackdays_faults';
const members = Number(process.env.FAULTS_MEMBERS ?? 1000);
const connections = Number(process.env.FAULTS_CONNECTIONS ?? 50);
const seconds = Number(process.env.FAULTS_SECONDS ?? 24);
const requestTimeoutMs = Number(process.env.FAULTS_REQUEST_TIMEOUT_MS ?? 20_000);
const port = Number(process.env.FAULTS_PORT ?? 3298);
const base = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString('hex');
const name = new URL(databaseUrl).pathname.slice(1);

const CHECKIN_BODY = JSON.stringify({
  movedMinutes: 25,
  steps: 5000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: 'Fault drill day.',
});

async function onServer(statement: string, params: unknown[] = []) {
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    return await admin.query(statement, params);
  } finally {
    await admin.end();
  }
}

/** A fresh database with `members` demo members, none of whom has checked in today. */
async function prepare() {
  await onServer(`drop database if exists ${quoteIdent(name)} with (force)`);
  await onServer(`create database ${quoteIdent(name)}`);
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/seed-demo.ts',
      '--members',
      String(members),
      '--days',
      '5',
      '--fast',
    ],
    { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
  const client = new pg.Client({ connectionString: databaseUrl });
  // The drill ends this connection too, with every other one of the database.
  client.on('error', () => undefined);
  await client.connect();
  await client.query(
    `delete from checkins k using user_settings s
     where s.user_id = k.user_id and k.local_date = (now() at time zone s.timezone)::date`,
  );
  const free = await client.query(
    `select u.id from "user" u join cycles c on c.user_id = u.id and c.is_active
     where u.id like 'demo\\_%' order by random()`,
  );
  const ids = free.rows.map((r) => r.id as string);
  return { client, cookies: await sessionsFor(client, secret, ids) };
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ['dist/server/index.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: secret,
      LOG_LEVEL: 'fatal',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      SMTP_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

interface Answer {
  label: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  at: number;
}

async function databaseOutage(client: pg.Client, cookies: string[]) {
  console.log(
    `\nThe database goes away and comes back: ${connections} members checking in and reading for ${seconds} s`,
  );
  const started = performance.now();
  const since = () => performance.now() - started;
  const outageAt = (seconds / 3) * 1000;
  const backAt = ((2 * seconds) / 3) * 1000;
  const startedAt = (await client.query(`select now() as t`)).rows[0].t as Date;
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  const timed = async (label: string, url: string, init: RequestInit) => {
    const t = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
      const body = await res.text();
      answers.push({
        label,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        ms: performance.now() - t,
        at: since(),
      });
      return { status: res.status, body };
    } catch {
      answers.push({ label, status: 0, retryAfter: null, ms: performance.now() - t, at: since() });
      return { status: 0, body: '' };
    }
  };
  let next = 0;
  const deadline = seconds * 1000;
  const member = async () => {
    while (since() < deadline && next < cookies.length) {
      const cookie = cookies[next++]!;
      const created = await timed('check-in', `${base}/api/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: CHECKIN_BODY,
      });
      if (created.status === 201) acknowledged.push(JSON.parse(created.body).checkin.id);
      await timed('cycle', `${base}/api/cycle`, { headers: { cookie } });
      await timed('feed', `${base}/api/feed`, { headers: { cookie } });
    }
  };
  const readiness: { at: number; status: number }[] = [];
  const pollReady = async () => {
    while (since() < deadline + 3000) {
      const status = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      readiness.push({ at: since(), status });
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const fault = async () => {
    await new Promise((r) => setTimeout(r, outageAt));
    await onServer(`alter database ${quoteIdent(name)} allow_connections false`);
    const ended = await onServer(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    console.log(
      `  ${(since() / 1000).toFixed(1)} s: ended ${ended.rows[0].n} connections; new ones refused`,
    );
    await new Promise((r) => setTimeout(r, backAt - since()));
    await onServer(`alter database ${quoteIdent(name)} allow_connections true`);
    console.log(`  ${(since() / 1000).toFixed(1)} s: connections allowed again`);
  };
  // The drill's own connection was ended with the others: a new one reads the results.
  await Promise.all([...Array.from({ length: connections }, member), pollReady(), fault()]);

  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const {
    found: inDatabase,
    withPost,
    made,
    orphanPosts: orphans,
  } = await checkinsAccountedFor(check, acknowledged, startedAt);
  await check.end();
  await client.end().catch(() => undefined);

  const byStatus = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.label} ${a.status || 'no answer'}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const bad = answers.filter(
    (a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.retryAfter),
  );
  const refused = answers.filter((a) => a.status === 503);
  const slowest = Math.max(0, ...answers.map((a) => a.ms));
  const during = answers.filter((a) => a.at >= outageAt && a.at < backAt).map((a) => a.ms);
  during.sort((a, b) => a - b);
  const after = answers.filter((a) => a.at > backAt + 2000);
  const servedAfter = after.filter((a) => a.status >= 200 && a.status < 300).length;
  const readyDown = readiness.some((r) => r.at >= outageAt && r.at < backAt && r.status === 503);
  const readyBack = readiness.at(-1)?.status === 200;

  console.log(`  answers: ${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log(
    `  latency during the outage: p50 ${percentile(during, 50).toFixed(0)} ms, p95 ${percentile(during, 95).toFixed(0)} ms, max ${Math.max(0, ...during).toFixed(0)} ms; slowest of the run ${slowest.toFixed(0)} ms`,
  );
  const results: [boolean, string][] = [
    [
      bad.length === 0 && refused.length > 0,
      `every answer a 2xx or a 503 with Retry-After (${refused.length} refused with 503, ${bad.length} otherwise: 500s or no answer within ${requestTimeoutMs} ms)`,
    ],
    [
      readyDown && readyBack,
      `/api/ready: unavailable during the outage ${readyDown ? 'yes' : 'no'}, ready at the end ${readyBack ? 'yes' : 'no'} (${readiness.length} polls)`,
    ],
    [
      servedAfter > 0 && after.every((a) => a.status >= 200 && a.status < 300),
      `the same process served again: ${servedAfter} of ${after.length} answers after the outage were 2xx`,
    ],
    [
      inDatabase === acknowledged.length && withPost === acknowledged.length && orphans === 0,
      `acknowledged check-ins ${acknowledged.length}: in the database ${inDatabase}, with their post ${withPost}; posts without a check-in ${orphans}; check-ins made ${made} (a made one whose answer was lost is retried by the member as "already checked in")`,
    ],
  ];
  for (const [ok, line] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${line}`);
  return results.every(([ok]) => ok);
}

async function main() {
  machineLoad('Before');
  const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('compiling the server failed');
  const { client, cookies } = await prepare();
  const server = startServer();
  let passed: boolean;
  try {
    await waitForHealth();
    const pid = server.pid;
    const outage = await databaseOutage(client, cookies);
    const alive = server.exitCode === null && server.pid === pid;
    console.log(`  ${alive ? 'PASS' : 'FAIL'}  the server process (pid ${pid}) never restarted`);
    passed = outage && alive;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    await onServer(`drop database if exists ${quoteIdent(name)} with (force)`).catch(
      (error: unknown) => console.error(error),
    );
    machineLoad('After');
  }
  console.log(passed ? '\nAll fault drills passed.' : '\nA fault drill failed.');
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
