/**
 * npm run faults: fault drills against the real, compiled server on PostgreSQL (decision 0041). Each
 * drill prints PASS or FAIL with what it counted; the exit code is 1 when any failed. Every drill keeps
 * its load going from its start to its end, whatever the machine's speed: the writes (check-ins,
 * uploads) are handed out evenly over the run (the i-th is due at i/n of it, none before), and reads
 * fill the time between them. So the fault always falls in the middle of the load, and answers keep
 * coming after it.
 *
 * 1. The database goes away and comes back. FAULTS_CONNECTIONS (50) members check in and read (home's
 *    cycle and the feed) for FAULTS_SECONDS (24). A third of the way in, every connection to the
 *    database is ended and new ones are refused (what a restart looks like from the server); a third
 *    later they are allowed again. Meanwhile /api/ready is polled. Then:
 *    - every answer was a 2xx, or a 503 with Retry-After (never a 500, never a hang past the statement
 *      timeout: each request is given FAULTS_REQUEST_TIMEOUT_MS, 20 s, and one that takes longer
 *      counts), and some were 503;
 *    - /api/ready said the database was unavailable during the outage, and ready after;
 *    - the same process served again afterwards (no restart);
 *    - every acknowledged check-in (201) is in the database with its post, and no post lost its check-in.
 * 2. The object store (S3) goes away during uploads and comes back: FAULTS_STORAGE_MEMBERS (40)
 *    members check in, then FAULTS_STORAGE_CONNECTIONS (8) at once upload proof photos (up to 10 a
 *    check-in) and read the feed for FAULTS_STORAGE_SECONDS (15); the store stops a third of the way in
 *    and starts a third later. Every upload is 201 or 503 with Retry-After, some 503; reads stay 2xx;
 *    /api/ready says the storage is away during and ready after; uploads are taken again after; every
 *    recorded photo has its object and thumbnail, and every object of the drill has its row or is queued
 *    for removal (nothing half-stored).
 * 3. The disk under DATA_DIR fills up (local storage on a 64 MB tmpfs; mounting needs root, else the
 *    drill says SKIP): the same load; a third of the way in a file fills the disk to its last
 *    kilobytes, a third later it is removed. Every upload is 201 or 507 with the "storage full" message,
 *    some 507; reads stay 2xx; every photo stored before still reads back whole; uploads are taken
 *    again once there is room; files and rows agree, and no temporary file is left.
 *
 * The process of each drill must never restart. It works on its own database (FAULTS_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/stackdays_faults), made afresh and seeded with
 * FAULTS_MEMBERS (1000) demo members, and dropped after; the storage drills use members the first one
 * does not.
 */
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { msg } from '../src/shared/messages';
import { thumbKeyFor } from '../src/server/lib/storage/keys';
import { startTestS3, type TestS3 } from '../src/server/testing/storage/s3-server';
import {
  checkinsAccountedFor,
  machineLoad,
  percentile,
  quoteIdent,
  sessionsFor,
  waitForHealth,
  withDatabase,
} from './support';
import { steadyLoad } from './steady-load';

const databaseUrl =
  process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stackdays_faults';
const members = Number(process.env.FAULTS_MEMBERS ?? 1000);
const connections = Number(process.env.FAULTS_CONNECTIONS ?? 50);
const seconds = Number(process.env.FAULTS_SECONDS ?? 24);
const requestTimeoutMs = Number(process.env.FAULTS_REQUEST_TIMEOUT_MS ?? 20_000);
const storageMembers = Number(process.env.FAULTS_STORAGE_MEMBERS ?? 40);
const storageConnections = Number(process.env.FAULTS_STORAGE_CONNECTIONS ?? 8);
const storageSeconds = Number(process.env.FAULTS_STORAGE_SECONDS ?? 15);
const port = Number(process.env.FAULTS_PORT ?? 3298);
const base = `http://127.0.0.1:${port}`;
const secret = randomBytes(32).toString('hex');
const name = new URL(databaseUrl).pathname.slice(1);
/** Photos a check-in takes (MAX_MEDIA_PER_CHECKIN). */
const PHOTOS_PER_CHECKIN = 10;

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

/** Members of the drills: their ids and session cookies, in the same order. */
interface Members {
  ids: string[];
  cookies: string[];
}

/** A fresh database with `members` demo members, none of whom has checked in today. */
async function prepare(): Promise<{ client: pg.Client } & Members> {
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
  return { client, ids, cookies: await sessionsFor(client, secret, ids) };
}

/** The compiled server on the drill's database, with `env` on top (a storage driver, DATA_DIR). */
function startServer(env: Record<string, string> = {}): ChildProcess {
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
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

interface Answer {
  label: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  at: number;
}

/** One drill's clock and what it was answered, each answer with the time it came (ms from start). */
function recorder() {
  const started = performance.now();
  const since = () => performance.now() - started;
  const answers: Answer[] = [];
  const timed = async (label: string, url: string, init: RequestInit = {}) => {
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
  return { since, answers, timed };
}

/** /api/ready, every 250 ms until `until` ms into the drill. */
async function pollReady(since: () => number, until: number) {
  const readiness: { at: number; status: number; body: string }[] = [];
  while (since() < until) {
    const answer = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      () => ({ status: 0, body: '' }),
    );
    readiness.push({ at: since(), ...answer });
    await new Promise((r) => setTimeout(r, 250));
  }
  return readiness;
}

const sleepUntil = (since: () => number, at: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, at - since())));

function countByStatus(answers: Answer[]): string {
  const byStatus = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.label} ${a.status || 'no answer'}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return [...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ');
}

const is2xx = (a: Answer) => a.status >= 200 && a.status < 300;

function report(results: [boolean, string][]): boolean {
  for (const [ok, line] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${line}`);
  return results.every(([ok]) => ok);
}

async function databaseOutage(client: pg.Client, cookies: string[]) {
  console.log(
    `\n1. The database goes away and comes back: ${connections} members at once checking in and reading for ${seconds} s`,
  );
  const { since, answers, timed } = recorder();
  const deadline = seconds * 1000;
  const outageAt = deadline / 3;
  const backAt = (2 * deadline) / 3;
  const startedAt = (await client.query(`select now() as t`)).rows[0].t as Date;
  const acknowledged: string[] = [];
  let reader = 0;
  /** A member reads home's cycle and the feed. */
  const reads = async (cookie: string) => {
    await timed('cycle', `${base}/api/cycle`, { headers: { cookie } });
    await timed('feed', `${base}/api/feed`, { headers: { cookie } });
  };
  const load = steadyLoad({
    total: cookies.length,
    durationMs: deadline,
    workers: connections,
    since,
    // A member checks in, then reads.
    write: async (turn) => {
      const cookie = cookies[turn]!;
      const created = await timed('check-in', `${base}/api/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: CHECKIN_BODY,
      });
      if (created.status === 201) acknowledged.push(JSON.parse(created.body).checkin.id);
      await reads(cookie);
    },
    read: () => reads(cookies[reader++ % cookies.length]!),
  });
  const fault = async () => {
    await sleepUntil(since, outageAt);
    await onServer(`alter database ${quoteIdent(name)} allow_connections false`);
    const ended = await onServer(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    console.log(
      `  ${(since() / 1000).toFixed(1)} s: ended ${ended.rows[0].n} connections; new ones refused`,
    );
    await sleepUntil(since, backAt);
    await onServer(`alter database ${quoteIdent(name)} allow_connections true`);
    console.log(`  ${(since() / 1000).toFixed(1)} s: connections allowed again`);
  };
  // The drill's own connection was ended with the others: a new one reads the results.
  const [readiness] = await Promise.all([pollReady(since, deadline + 3000), load, fault()]);

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

  const bad = answers.filter((a) => !is2xx(a) && !(a.status === 503 && a.retryAfter));
  const refused = answers.filter((a) => a.status === 503);
  const slowest = Math.max(0, ...answers.map((a) => a.ms));
  const during = answers.filter((a) => a.at >= outageAt && a.at < backAt).map((a) => a.ms);
  during.sort((a, b) => a - b);
  const after = answers.filter((a) => a.at > backAt + 2000);
  const servedAfter = after.filter(is2xx).length;
  const readyDown = readiness.some((r) => r.at >= outageAt && r.at < backAt && r.status === 503);
  const readyBack = readiness.at(-1)?.status === 200;
  const lastCheckin = Math.max(
    0,
    ...answers.filter((a) => a.label === 'check-in').map((a) => a.at),
  );

  console.log(`  answers: ${countByStatus(answers)}`);
  console.log(
    `  check-ins handed out until ${(lastCheckin / 1000).toFixed(1)} s of ${seconds} s; latency during the outage: p50 ${percentile(during, 50).toFixed(0)} ms, p95 ${percentile(during, 95).toFixed(0)} ms, max ${Math.max(0, ...during).toFixed(0)} ms; slowest of the run ${slowest.toFixed(0)} ms`,
  );
  return report([
    [
      bad.length === 0 && refused.length > 0,
      `every answer a 2xx or a 503 with Retry-After (${refused.length} refused with 503, ${bad.length} otherwise: 500s or no answer within ${requestTimeoutMs} ms)`,
    ],
    [
      readyDown && readyBack,
      `/api/ready: unavailable during the outage ${readyDown ? 'yes' : 'no'}, ready at the end ${readyBack ? 'yes' : 'no'} (${readiness.length} polls)`,
    ],
    [
      servedAfter > 0 && after.every(is2xx),
      `the same process served again: ${servedAfter} of ${after.length} answers after the outage were 2xx`,
    ],
    [
      inDatabase === acknowledged.length && withPost === acknowledged.length && orphans === 0,
      `acknowledged check-ins ${acknowledged.length}: in the database ${inDatabase}, with their post ${withPost}; posts without a check-in ${orphans}; check-ins made ${made} (a made one whose answer was lost is retried by the member as "already checked in")`,
    ],
  ]);
}

/** Small proof photos, each different (noise), as PNG. */
async function photos(n: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      sharp(randomBytes(96 * 96 * 3), { raw: { width: 96, height: 96, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
}

interface Uploaded {
  at: number;
  url: string;
}

/**
 * The storage drills' load: each member checks in first (before the clock starts), then
 * `storageConnections` at once upload photos to those check-ins (turns paced over the run, up to
 * PHOTOS_PER_CHECKIN each) and read the feed between them, for `storageSeconds`. `fault` runs
 * alongside, on the same clock.
 */
async function uploadLoad(
  group: Members,
  fault: (since: () => number, deadline: number) => Promise<void>,
) {
  const checkinIds: string[] = [];
  for (const cookie of group.cookies) {
    const res = await fetch(`${base}/api/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: CHECKIN_BODY,
    });
    if (res.status !== 201) throw new Error(`a drill member could not check in: ${res.status}`);
    checkinIds.push(((await res.json()) as { checkin: { id: string } }).checkin.id);
  }
  const images = await photos(20);
  const { since, answers, timed } = recorder();
  const deadline = storageSeconds * 1000;
  const uploaded: Uploaded[] = [];
  const messages = new Map<number, Set<string>>();
  let reader = 0;
  const load = steadyLoad({
    total: group.cookies.length * PHOTOS_PER_CHECKIN,
    durationMs: deadline,
    workers: storageConnections,
    since,
    // The turn-th photo: each member's first, then each one's second, and so on.
    write: async (turn) => {
      const who = turn % group.cookies.length;
      const index = Math.floor(turn / group.cookies.length);
      const answer = await timed(
        'upload',
        `${base}/api/checkins/${checkinIds[who]}/media?index=${index}`,
        {
          method: 'POST',
          headers: { 'content-type': 'image/png', origin: base, cookie: group.cookies[who]! },
          body: new Uint8Array(images[turn % images.length]!),
        },
      );
      if (answer.status === 201)
        uploaded.push({ at: since(), url: JSON.parse(answer.body).media.url as string });
      else if (answer.status >= 400) {
        const message = (JSON.parse(answer.body || '{}') as { message?: string }).message ?? '';
        messages.set(answer.status, (messages.get(answer.status) ?? new Set()).add(message));
      }
    },
    read: async () => {
      const cookie = group.cookies[reader++ % group.cookies.length]!;
      await timed('feed', `${base}/api/feed`, { headers: { cookie } });
    },
  });
  const [readiness] = await Promise.all([
    pollReady(since, deadline + 1000),
    load,
    fault(since, deadline),
  ]);
  return { answers, uploaded, messages, readiness, deadline };
}

/** The drill members' photo rows: each main key (its thumbnail is thumbKeyFor(key)). */
async function mediaKeys(userIds: string[]) {
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    const rows = await check.query(
      `select m.storage_path from post_media m join posts p on p.id = m.post_id where p.user_id = any($1::text[])`,
      [userIds],
    );
    const queued = await check.query(`select key from storage_deletions`);
    return {
      recorded: rows.rows.map((r) => r.storage_path as string),
      queued: new Set(queued.rows.map((r) => r.key as string)),
    };
  } finally {
    await check.end();
  }
}

/** Rows and stored objects agree: every row has its file and thumbnail; every object has a row or is queued. */
function agreement(recorded: string[], objects: string[], queued: Set<string>) {
  const stored = new Set(objects);
  const expected = new Set(recorded.flatMap((key) => [key, thumbKeyFor(key)]));
  const missing = [...expected].filter((key) => !stored.has(key));
  const unowned = objects.filter((key) => !expected.has(key));
  const stray = unowned.filter((key) => !queued.has(key));
  return { missing, unowned, stray };
}

async function storageOutage(group: Members) {
  console.log(
    `\n2. The object store goes away during uploads and comes back: ${storageConnections} uploads at once by ${group.cookies.length} members, with feed reads, for ${storageSeconds} s`,
  );
  const s3: TestS3 = await startTestS3();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-faults-s3-'));
  const server = startServer({ ...s3.env(), DATA_DIR: dataDir, FFMPEG_PATH: 'off' });
  try {
    await waitForHealth(base, server);
    const pid = server.pid;
    const { answers, uploaded, readiness, deadline } = await uploadLoad(
      group,
      async (since, end) => {
        await sleepUntil(since, end / 3);
        await s3.stop();
        console.log(`  ${(since() / 1000).toFixed(1)} s: the object store stopped`);
        await sleepUntil(since, (2 * end) / 3);
        await s3.start();
        console.log(`  ${(since() / 1000).toFixed(1)} s: the object store is back`);
      },
    );
    const outageAt = deadline / 3;
    const backAt = (2 * deadline) / 3;
    // A removal queued when the store was away is tried again by the scheduler; give the ones tried
    // at once a moment to finish.
    await new Promise((r) => setTimeout(r, 1000));
    const { recorded, queued } = await mediaKeys(group.ids);
    const objects = (await s3.keys()).filter((key) =>
      group.ids.some((id) => key.startsWith(`u/${id}/`)),
    );
    const { missing, unowned, stray } = agreement(recorded, objects, queued);

    const upload = answers.filter((a) => a.label === 'upload');
    const reads = answers.filter((a) => a.label === 'feed');
    const badUploads = upload.filter((a) => !is2xx(a) && !(a.status === 503 && a.retryAfter));
    const refused = upload.filter((a) => a.status === 503);
    const uploadsAfter = upload.filter((a) => a.at > backAt + 2000);
    const readyDown = readiness.some(
      (r) => r.at >= outageAt && r.at < backAt && r.status === 503 && r.body.includes('storage'),
    );
    const readyBack = readiness.at(-1)?.status === 200;
    const alive = server.exitCode === null && server.pid === pid;
    console.log(`  answers: ${countByStatus(answers)}`);
    const lastUpload = Math.max(0, ...upload.map((a) => a.at));
    console.log(
      `  uploads handed out until ${(lastUpload / 1000).toFixed(1)} s of ${storageSeconds} s; photos recorded ${recorded.length}, acknowledged ${uploaded.length}`,
    );
    return report([
      [
        badUploads.length === 0 && refused.length > 0,
        `every upload a 201 or a 503 with Retry-After (${refused.length} refused with 503, ${badUploads.length} otherwise)`,
      ],
      [
        reads.length > 0 && reads.every(is2xx),
        `reads went on while the store was away: ${reads.filter(is2xx).length} of ${reads.length} feed reads were 2xx`,
      ],
      [
        readyDown && readyBack,
        `/api/ready: storage unavailable during the outage ${readyDown ? 'yes' : 'no'}, ready at the end ${readyBack ? 'yes' : 'no'} (${readiness.length} polls)`,
      ],
      [
        uploadsAfter.length > 0 && uploadsAfter.every(is2xx),
        `uploads taken again after the store came back: ${uploadsAfter.filter(is2xx).length} of ${uploadsAfter.length} were 201`,
      ],
      [
        recorded.length === uploaded.length && missing.length === 0 && stray.length === 0,
        `nothing half-stored: ${recorded.length} photos recorded for ${uploaded.length} acknowledged; objects missing ${missing.length}; objects without a row ${unowned.length} (queued for removal ${unowned.length - stray.length}, not queued ${stray.length})`,
      ],
      [alive, `the server process (pid ${pid}) never restarted`],
    ]);
  } finally {
    await stopServer(server);
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A 64 MB file system mounted on a fresh directory, or null where mounting is not allowed. */
function smallDisk(): { dir: string; unmount(): void } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'stackdays-faults-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m,mode=0700', 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bytes free on the file system of `dir`. */
const freeBytes = (dir: string) =>
  Number(execFileSync('df', ['--output=avail', '-B1', dir]).toString().split('\n')[1]);

/**
 * Fills the disk of `file` to its last kilobytes: appends ever smaller blocks until none fits (the
 * uploads going on meanwhile take their share too).
 */
function fillUp(file: string) {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10]) {
      const block = Buffer.alloc(size);
      for (;;) {
        try {
          writeSync(fd, block);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The files under `dir`, as slash-separated paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
  } catch {
    return [];
  }
}

async function fullDisk(group: Members): Promise<boolean | null> {
  console.log(
    `\n3. The disk under DATA_DIR fills up during uploads, then has room again: ${storageConnections} uploads at once by ${group.cookies.length} members, with feed reads, for ${storageSeconds} s`,
  );
  const disk = smallDisk();
  if (!disk) {
    console.log('  SKIP  a small disk could not be mounted (mount -t tmpfs needs root)');
    return null;
  }
  const server = startServer({ STORAGE_DRIVER: 'local', DATA_DIR: disk.dir, FFMPEG_PATH: 'off' });
  const filler = path.join(disk.dir, 'filler');
  try {
    await waitForHealth(base, server);
    const pid = server.pid;
    let fullAt = Infinity;
    let roomAt = Infinity;
    const { answers, uploaded, messages, deadline } = await uploadLoad(
      group,
      async (since, end) => {
        await sleepUntil(since, end / 3);
        fillUp(filler);
        fullAt = since();
        console.log(
          `  ${(fullAt / 1000).toFixed(1)} s: the disk is full (${freeBytes(disk.dir)} bytes free)`,
        );
        await sleepUntil(since, (2 * end) / 3);
        unlinkSync(filler);
        roomAt = since();
        console.log(`  ${(roomAt / 1000).toFixed(1)} s: room again`);
      },
    );
    // Every photo acknowledged before the disk filled still reads back whole.
    const cookieOf = new Map<string, string>(group.ids.map((id, i) => [id, group.cookies[i]!]));
    const before = uploaded.filter((u) => u.at < fullAt);
    let intact = 0;
    for (const photo of before) {
      const owner = group.ids.find((id) => photo.url.includes(id));
      const res = await fetch(`${base}${photo.url}`, {
        headers: { cookie: owner ? cookieOf.get(owner)! : '' },
      });
      const bytes = res.ok ? (await res.arrayBuffer()).byteLength : 0;
      if (res.ok && bytes > 0 && bytes === Number(res.headers.get('content-length') ?? bytes))
        intact += 1;
    }
    const { recorded, queued } = await mediaKeys(group.ids);
    const media = path.join(disk.dir, 'media');
    const objects = filesUnder(path.join(media, 'u')).map((key) => `u/${key}`);
    const temporary = filesUnder(path.join(media, '.tmp'));
    const { missing, unowned, stray } = agreement(recorded, objects, queued);

    const upload = answers.filter((a) => a.label === 'upload');
    const reads = answers.filter((a) => a.label === 'feed');
    const badUploads = upload.filter((a) => !is2xx(a) && a.status !== 507);
    const full = upload.filter((a) => a.status === 507);
    const fullMessages = [...(messages.get(507) ?? [])];
    const uploadsAfter = upload.filter((a) => a.at > roomAt + 1000);
    const alive = server.exitCode === null && server.pid === pid;
    console.log(`  answers: ${countByStatus(answers)}`);
    const lastUpload = Math.max(0, ...upload.map((a) => a.at));
    console.log(
      `  uploads handed out until ${(lastUpload / 1000).toFixed(1)} s of ${deadline / 1000} s; photos recorded ${recorded.length}, acknowledged ${uploaded.length}`,
    );
    return report([
      [
        badUploads.length === 0 &&
          full.length > 0 &&
          fullMessages.length === 1 &&
          fullMessages[0] === msg.storageFull,
        `every upload a 201 or a 507 saying "${msg.storageFull}" (${full.length} refused with 507, ${badUploads.length} otherwise${fullMessages.some((m) => m !== msg.storageFull) ? `; other words: ${JSON.stringify(fullMessages)}` : ''})`,
      ],
      [
        reads.length > 0 && reads.every(is2xx),
        `reads went on while the disk was full: ${reads.filter(is2xx).length} of ${reads.length} feed reads were 2xx`,
      ],
      [
        intact === before.length,
        `what was stored before still reads back: ${intact} of ${before.length} photos acknowledged before the disk filled`,
      ],
      [
        uploadsAfter.length > 0 && uploadsAfter.every(is2xx),
        `uploads taken again once there was room: ${uploadsAfter.filter(is2xx).length} of ${uploadsAfter.length} were 201`,
      ],
      [
        recorded.length === uploaded.length &&
          missing.length === 0 &&
          stray.length === 0 &&
          temporary.length === 0,
        `nothing half-stored: ${recorded.length} photos recorded for ${uploaded.length} acknowledged; files missing ${missing.length}; files without a row ${unowned.length} (queued for removal ${unowned.length - stray.length}, not queued ${stray.length}); temporary files left ${temporary.length}`,
      ],
      [alive, `the server process (pid ${pid}) never restarted`],
    ]);
  } finally {
    await stopServer(server);
    rmSync(filler, { force: true });
    disk.unmount();
  }
}

async function main() {
  machineLoad('Before');
  const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('compiling the server failed');
  const { client, ids, cookies } = await prepare();
  // The storage drills' members, kept out of the first drill: their check-ins are made by them.
  const reserved = Math.min(2 * storageMembers, Math.floor(ids.length / 2));
  const share = Math.floor(reserved / 2);
  const group = (from: number): Members => ({
    ids: ids.slice(from, from + share),
    cookies: cookies.slice(from, from + share),
  });
  const storageGroup = group(ids.length - reserved);
  const diskGroup = group(ids.length - share);
  const results: (boolean | null)[] = [];
  try {
    const server = startServer();
    try {
      await waitForHealth(base, server);
      const pid = server.pid;
      const outage = await databaseOutage(client, cookies.slice(0, ids.length - reserved));
      const alive = server.exitCode === null && server.pid === pid;
      console.log(`  ${alive ? 'PASS' : 'FAIL'}  the server process (pid ${pid}) never restarted`);
      results.push(outage && alive);
    } finally {
      await stopServer(server);
    }
    results.push(await storageOutage(storageGroup));
    results.push(await fullDisk(diskGroup));
  } finally {
    await onServer(`drop database if exists ${quoteIdent(name)} with (force)`).catch(
      (error: unknown) => console.error(error),
    );
    machineLoad('After');
  }
  const passed = results.every((r) => r !== false);
  const skipped = results.filter((r) => r === null).length;
  console.log(
    passed
      ? `\nAll fault drills passed${skipped ? ` (${skipped} skipped)` : ''}.`
      : `\n${results.filter((r) => r === false).length} of ${results.length} fault drills failed.`,
  );
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
