// What the bench (run.ts), its memory measurements and the fault drills (faults.ts) share: sessions
// made in the database, the machine's load, a server's memory, and a few helpers.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { JOB_NAMES } from '../src/server/jobs';

/**
 * The node flags `npm start` runs the compiled server with (package.json's start script; the image's
 * CMD is held to the same by bench/server-flags.test.ts): the bench's servers run as deployed.
 */
export function serverNodeFlags(startScript: string): string[] {
  const command = /node ((?:--\S+ )*)dist\/server\/index\.mjs/.exec(startScript);
  if (!command) throw new Error(`no server in the start script: ${startScript}`);
  return command[1].split(' ').filter(Boolean);
}
export const SERVER_NODE_FLAGS = serverNodeFlags(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start,
);

/** The database the bench seeds once and copies for each run (BENCH_DATABASE_URL). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stackdays_bench';

export function machineLoad(label: string) {
  const uptime = spawnSync('uptime', { encoding: 'utf8' }).stdout?.trim();
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `${label}: load average ${one}, ${five}, ${fifteen}${uptime ? `  (uptime: ${uptime})` : ''}`,
  );
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** better-auth's session cookie for a token: `token.base64(HMAC-SHA256(secret, token))`. */
function cookieFor(secret: string, token: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `stackdays.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** One session per member, inserted together; answers their cookies in the same order. */
export async function sessionsFor(
  client: pg.Client,
  secret: string,
  userIds: string[],
): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(24).toString('base64url'));
  await client.query(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at)
     select md5(t), t, u, now() + interval '30 days', now(), now()
     from unnest($1::text[], $2::text[]) as x(t, u)`,
    [tokens, userIds],
  );
  return tokens.map((token) => cookieFor(secret, token));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * What a load made, checked against what it was told: of the acknowledged check-ins, how many are in
 * the database and how many with their post; how many check-ins were made since `since` (by `userIds`
 * only, when given); and how many posts made since then have no check-in.
 */
export async function checkinsAccountedFor(
  client: pg.Client,
  acknowledged: string[],
  since: Date,
  userIds: string[] | null = null,
): Promise<{ found: number; withPost: number; made: number; orphanPosts: number }> {
  const { rows } = await client.query(
    `select
       (select count(*) from checkins k where k.id = any($1::uuid[]))::int as found,
       (select count(*) from checkins k join posts p on p.checkin_id = k.id where k.id = any($1::uuid[]))::int as with_post,
       (select count(*) from checkins k where k.created_at >= $2
          and ($3::text[] is null or k.user_id = any($3::text[])))::int as made,
       (select count(*) from posts p where p.created_at >= $2
          and ($3::text[] is null or p.user_id = any($3::text[]))
          and (p.checkin_id is null or not exists (select 1 from checkins k where k.id = p.checkin_id)))::int as orphan_posts`,
    [acknowledged, since, userIds],
  );
  const row = rows[0];
  return {
    found: row.found,
    withPost: row.with_post,
    made: row.made,
    orphanPosts: row.orphan_posts,
  };
}

/** A process's resident memory now and its high-water mark (VmHWM), in MB, from /proc. */
export function readStatus(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Waits up to 2 minutes for the server at `base` to answer /api/health. */
export async function waitForHealth(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start in 2 minutes');
}

/** The bench servers' /metrics token (TRUST_PROXY=1 refuses /metrics without one). */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * Waits until each job's run at start has ended (stackdays_job_runs_total counts it), so a measurement
 * sees the server as it runs between ticks, not its start-up catching up.
 */
export async function waitForStartupJobs(
  base: string,
  server: ChildProcess,
  token: string,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const text = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    const done = JOB_NAMES.filter((job) =>
      new RegExp(`^stackdays_job_runs_total\\{[^}]*job="${job}"[^}]*\\} [1-9]`, 'm').test(text),
    );
    if (done.length === JOB_NAMES.length) return (Date.now() - started) / 1000;
    if (Date.now() - started > 600_000)
      throw new Error(
        `start-up jobs still running after 10 minutes: ${JOB_NAMES.filter((j) => !done.includes(j)).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The body of every check-in the bench makes. */
export const CHECKIN_BODY = JSON.stringify({
  movedMinutes: 30,
  steps: 6000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Bench day: **done**.',
});

/** What pg_stat_activity showed of one database while something was measured. */
export interface ActivitySummary {
  samples: number;
  /** Per application_name: mean connections, mean busy (not idle) ones, and their waits per sample. */
  apps: Record<string, { connections: number; busy: number; waits: Record<string, number> }>;
}

/**
 * Samples pg_stat_activity every `everyMs` for the backends of `database` (issue 48: what the jobs
 * take from the requests: connections, locks, WAL, I/O), through a connection to the `postgres`
 * database, so its own reads are no transaction of the measured database. `stop` answers the means.
 */
export function sampleActivity(
  serverUrl: string,
  database: string,
  everyMs = 100,
): { stop(): Promise<ActivitySummary> } {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  const apps: ActivitySummary['apps'] = {};
  let samples = 0;
  let stopped = false;
  const connected = client.connect();
  const loop = (async () => {
    await connected;
    while (!stopped) {
      const { rows } = await client.query<{
        app: string;
        state: string | null;
        wait: string | null;
      }>(
        `select coalesce(nullif(application_name, ''), '(none)') as app, state,
                wait_event_type || ':' || wait_event as wait
         from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
        [database],
      );
      samples += 1;
      for (const row of rows) {
        const app = (apps[row.app] ??= { connections: 0, busy: 0, waits: {} });
        app.connections += 1;
        if (row.state === 'idle' || row.state === null) continue;
        app.busy += 1;
        const wait = row.wait ?? (row.state === 'active' ? 'CPU' : row.state);
        app.waits[wait] = (app.waits[wait] ?? 0) + 1;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => {});
      await client.end().catch(() => {});
      const n = Math.max(1, samples);
      for (const app of Object.values(apps)) {
        app.connections /= n;
        app.busy /= n;
        for (const wait of Object.keys(app.waits)) app.waits[wait] /= n;
      }
      return { samples, apps };
    },
  };
}

/**
 * One line per application: "stackdays-jobs: 3.0 connections, 2.1 busy (CPU 1.2, Client:ClientRead
 * 0.6, LWLock:WALWrite 0.2)", the three commonest waits of its busy backends, per sample.
 */
export function formatActivity(summary: ActivitySummary): string[] {
  return Object.entries(summary.apps)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([app, { connections, busy, waits }]) => {
      const top = Object.entries(waits)
        .sort(([, a], [, b]) => b - a)
        .slice(0, 3)
        .map(([wait, n]) => `${wait} ${n.toFixed(2)}`)
        .join(', ');
      return `${app}: ${connections.toFixed(1)} connections, ${busy.toFixed(2)} busy${top ? ` (${top})` : ''}`;
    });
}

/** Creates the database `url` names when the server has none of that name. */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}
