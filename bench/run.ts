/**
 * npm run bench: seeds a PostgreSQL database with demo members (default 10,000 x 60 days), starts the
 * real server against it, and measures the feed, the leaderboard and My Cycle next to /api/health under
 * 50 concurrent connections (autocannon). Also ranks the leaderboard the way the old client did (every
 * active cycle and all their check-ins loaded, ranked in JavaScript) and prints the ratio.
 *
 * Options (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stackdays_bench),
 * BENCH_MEMBERS (10000), BENCH_DAYS (60), BENCH_SECONDS per endpoint (10), BENCH_CONNECTIONS (50),
 * BENCH_RESEED=1 to seed again.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { consistencyScore } from '../src/shared/domain/consistency';
import { currentStreak } from '../src/shared/domain/streaks';
import { cycleDay } from '../src/shared/domain/cycle-day';
import { localDateIn } from '../src/shared/domain/local-date';
import { openDatabase } from '../src/server/db/client';
import { computeCommunityBoard } from '../src/server/modules/community/leaderboard';

const dbUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stackdays_bench';
const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const days = Number(process.env.BENCH_DAYS ?? 60);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3299);
const secret = randomBytes(32).toString('hex');

async function ensureDatabase() {
  const url = new URL(dbUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function demoCount(client: pg.Client): Promise<number> {
  const hasTable = await client.query(`select to_regclass('public.user') is not null as ok`);
  if (!hasTable.rows[0].ok) return 0;
  const res = await client.query(`select count(*)::int as n from "user" where id like 'demo\\_%'`);
  return res.rows[0].n;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, path: string, cookie: string) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        connections,
        duration: seconds,
        headers: { cookie },
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on(
      'response',
      (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        if (statusCode >= 400) errors++;
        latencies.push(responseTime);
      },
    );
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.average,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.non2xx,
  };
}

async function oldWayLeaderboard(client: pg.Client) {
  const started = performance.now();
  const cycles = await client.query(
    `select c.id, c.user_id, c.start_date::text as start_date, s.timezone from cycles c left join user_settings s on s.user_id = c.user_id where c.is_active`,
  );
  const ids = cycles.rows.map((r) => r.id);
  const checkins = await client.query(
    `select cycle_id, day_number from checkins where cycle_id = any($1::uuid[])`,
    [ids],
  );
  const byCycle = new Map<string, number[]>();
  for (const row of checkins.rows) {
    const list = byCycle.get(row.cycle_id) ?? [];
    list.push(row.day_number);
    byCycle.set(row.cycle_id, list);
  }
  const now = new Date();
  const ranked = cycles.rows
    .map((c) => {
      const daysDone = byCycle.get(c.id) ?? [];
      const day = cycleDay(c.start_date, localDateIn(now, c.timezone ?? 'America/Denver'));
      return {
        userId: c.user_id,
        consistency: consistencyScore(daysDone.length, day),
        streak: currentStreak(daysDone, day),
      };
    })
    .sort((a, b) => b.consistency - a.consistency)
    .slice(0, 20);
  return { ms: performance.now() - started, rows: checkins.rowCount ?? 0, top: ranked.length };
}

async function main() {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();

  const existing = await demoCount(client);
  if (existing < members || process.env.BENCH_RESEED) {
    console.log(
      `Seeding ${members} members x ${days} days into ${dbUrl} (takes about a minute)...`,
    );
    const seeded = spawnSync(
      'npx',
      [
        'tsx',
        'scripts/seed-demo.ts',
        '--members',
        String(members),
        '--days',
        String(days),
        '--reset',
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
      },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
  } else {
    console.log(`Using ${existing} demo members already in ${dbUrl}`);
  }
  const counts = await client.query(
    `select (select count(*) from checkins)::int as checkins, (select count(*) from posts)::int as posts, (select count(*) from likes)::int as likes, (select count(*) from comments)::int as comments, (select count(*) from post_reactions)::int as reactions`,
  );
  console.log('Data:', counts.rows[0]);

  // A signed-in demo member: a session row and the cookie better-auth expects (token.HMAC).
  const viewer = await client.query(
    `select c.user_id from cycles c where c.is_active and c.user_id like 'demo\\_%' order by c.user_id limit 1`,
  );
  const userId = viewer.rows[0].user_id as string;
  const token = randomBytes(24).toString('base64url');
  await client.query(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at) values ($1, $2, $3, now() + interval '30 days', now(), now())`,
    [randomBytes(16).toString('hex'), token, userId],
  );
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const cookie = `stackdays.session_token=${encodeURIComponent(`${token}.${signature}`)}`;

  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: secret,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; i < 120; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const me = await (
      await fetch(`http://127.0.0.1:${port}/api/account/session`, { headers: { cookie } })
    ).json();
    if (me.user?.userId !== userId) throw new Error('the bench session was not accepted');

    const feedPage = await (
      await fetch(`http://127.0.0.1:${port}/api/feed`, { headers: { cookie } })
    ).json();
    console.log(
      `Feed page: ${feedPage.posts.length} posts, next cursor ${feedPage.nextCursor ? 'yes' : 'no'}`,
    );

    const results: Awaited<ReturnType<typeof measure>>[] = [];
    const only = process.env.BENCH_ONLY?.split(',');
    for (const [name, path] of (
      [
        ['health', '/api/health'],
        ['session only', '/api/account/session'],
        ['feed page', '/api/feed'],
        ['leaderboard', '/api/community'],
        ['my cycle', '/api/cycle'],
      ] as const
    ).filter(([name]) => name === 'health' || !only || only.includes(name))) {
      await measure(name, path, cookie).then((r) => results.push(r));
    }

    const oldRuns = [];
    for (let i = 0; i < 3; i++) oldRuns.push(await oldWayLeaderboard(client));
    const database = await openDatabase({ driver: 'pg', url: dbUrl, poolSize: 2 });
    const newRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await computeCommunityBoard(database.db);
      newRuns.push(performance.now() - started);
    }
    await database.close();

    const health = results.find((r) => r.name === 'health')!;
    console.log(`\n${connections} connections, ${seconds} s per endpoint\n`);
    console.log('endpoint        req/s    p50 ms   p95 ms   p99 ms   errors   vs health');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)} ${((r.rps / health.rps) * 100).toFixed(0).padStart(9)}%`,
      );
    }
    // One member loading the board, one request at a time: the old way's cost against ours.
    const single: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await fetch(`http://127.0.0.1:${port}/api/community`, { headers: { cookie } }).then((r) =>
        r.arrayBuffer(),
      );
      single.push(performance.now() - started);
    }
    single.sort((a, b) => a - b);
    const singleP50 = percentile(single, 50);
    const oldMs = Math.min(...oldRuns.map((r) => r.ms));
    const newMs = Math.min(...newRuns);
    const leaderboard = results.find((r) => r.name === 'leaderboard');
    const feed = results.find((r) => r.name === 'feed page');
    console.log(
      `\nLeaderboard the old way: ${oldMs.toFixed(0)} ms (loads ${oldRuns[0].rows} check-ins)`,
    );
    console.log(
      `Leaderboard aggregate query (uncached): ${newMs.toFixed(1)} ms  -> ${(oldMs / newMs).toFixed(0)}x faster`,
    );
    console.log(
      `Leaderboard endpoint, one request at a time: p50 ${singleP50.toFixed(2)} ms -> ${(oldMs / singleP50).toFixed(0)}x faster than the old way`,
    );
    console.log('\nTargets:');
    const check = (label: string, ok: boolean) =>
      console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}`);
    if (feed) check('feed throughput >= 25% of health', feed.rps >= 0.25 * health.rps);
    if (feed) check('feed p95 < 100 ms', feed.p95 < 100);
    if (leaderboard) check('leaderboard p95 < 50 ms', leaderboard.p95 < 50);
    check('leaderboard >= 50x faster than the old way', oldMs / singleP50 >= 50);
  } finally {
    server.kill('SIGTERM');
    await client
      .query(`delete from session where user_id = $1 and token = $2`, [userId, token])
      .catch(() => {});
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
