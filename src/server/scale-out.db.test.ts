import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { COMMENTS_PER_MINUTE } from '@shared/constants';
import type { CommunityBoard, FeedPage, SessionResponse } from '@shared/api-types';
import { FEED_CACHE_MS } from './lib/feed-cache';
import { BOARD_TTL_MS } from './lib/board-cache';
import {
  createServerDatabase,
  signUpMember,
  startMailCatcher,
  startServer,
  type HttpMember,
  type MailCatcher,
  type ServerProcess,
} from './testing/test-server';

// Two real server processes on one PostgreSQL database (decision 0024): what one does, the other
// sees. Needs TEST_DATABASE_URL (`npm run test:db`); PGlite is one process per DATA_DIR.

const PORT_A = 3240;
const PORT_B = 3241;
const SMTP_PORT = 3242;
// 3243 to 3245 are crash.db.test.ts's, which test:db may run at the same time.
const PORT_WORKER = 3246;
/**
 * How soon the other process must show a write. The documented bound is the cache lifetime
 * (FEED_CACHE_MS, BOARD_TTL_MS) when a notification is lost; with the listener up it is the time a
 * notification takes, so the test asks for well under the feed's lifetime: a process that only
 * waited for its cache to expire would fail here.
 */
const NOTIFIED_WITHIN_MS = 1_000;

const ADMIN_EMAIL = 'admin@scale.test';
/** Behind the test's proxy (TRUST_PROXY) /metrics answers only with its token. */
const METRICS_TOKEN = 'scale-out-metrics-token-0123';

/** A zone where it is now between 06:00 and 21:59, so a 05:00 reminder is due and today lasts. */
function daytimeZone(now = new Date()): string {
  const zones = [
    'UTC',
    'Asia/Tokyo',
    'Pacific/Auckland',
    'Pacific/Kiritimati',
    'Asia/Kolkata',
    'Europe/Berlin',
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Honolulu',
  ];
  const hour = (zone: string) =>
    Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(now),
    );
  const zone = zones.find((z) => hour(z) >= 6 && hour(z) <= 21);
  if (!zone) throw new Error('no zone in daytime');
  return zone;
}

/** Polls `check` until it is true; the milliseconds it took from `since`. */
async function within(since: number, limitMs: number, check: () => Promise<boolean>) {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > limitMs * 3) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const skip = !process.env.TEST_DATABASE_URL;
if (skip) {
  console.warn('scale-out.db.test.ts skipped: two processes need TEST_DATABASE_URL (PostgreSQL)');
}

describe.skipIf(skip)('two server processes on one PostgreSQL database', () => {
  let database: NonNullable<Awaited<ReturnType<typeof createServerDatabase>>>;
  let sql: pg.Client;
  let mailbox: MailCatcher;
  let a: ServerProcess;
  let b: ServerProcess;
  /** The jobs' process (STACKDAYS_ROLE=worker, issue 48): a and b are web processes and run none. */
  let worker: ServerProcess;
  let admin: HttpMember;
  let poster: { member: HttpMember; userId: string };
  let viewer: { member: HttpMember; userId: string };
  let reminded: { member: HttpMember; userId: string; email: string };
  let leaver: HttpMember;
  /** The viewer's check-in (made in the rate-limit test), for the upload cut by the shutdown. */
  let viewerCheckinId: string;

  const env = () => ({
    DATABASE_URL: database.url,
    SMTP_URL: mailbox.smtpUrl,
    ADMIN_EMAILS: ADMIN_EMAIL,
    DATA_DIR: `/tmp/stackdays-scale-${process.pid}`,
    // Every process answers for the one address members use, as behind a load balancer.
    PUBLIC_URL: `http://127.0.0.1:${PORT_A}`,
    METRICS_TOKEN,
  });

  beforeAll(async () => {
    database = (await createServerDatabase())!;
    sql = new pg.Client({ connectionString: database.url });
    mailbox = await startMailCatcher(SMTP_PORT);

    // First one process: the accounts, and a member whose reminder is due as soon as a scheduler looks.
    const first = await startServer({ port: PORT_A, env: env() });
    await sql.connect();
    admin = (await signUpMember(first.url, mailbox, { email: ADMIN_EMAIL, displayName: 'Admin' }))
      .member;
    poster = await signUpMember(first.url, mailbox, {
      email: 'poster@scale.test',
      displayName: 'Poster',
    });
    viewer = await signUpMember(first.url, mailbox, {
      email: 'viewer@scale.test',
      displayName: 'Viewer',
    });
    leaver = (
      await signUpMember(first.url, mailbox, { email: 'leaver@scale.test', displayName: 'Leaver' })
    ).member;
    const zone = daytimeZone();
    const email = 'reminded@scale.test';
    const signedUp = await signUpMember(first.url, mailbox, {
      email,
      displayName: 'Reminded',
      timeZone: zone,
    });
    reminded = { ...signedUp, email };
    await sql.query(
      `update user_settings set timezone = $2, reminder_hour = 5, email_nudges = true where user_id = $1`,
      [reminded.userId, zone],
    );
    // Everyone's cycle starts (the home screen creates it); nobody else may be reminded today.
    for (const m of [admin, poster.member, viewer.member, leaver, reminded.member])
      await m.json(first.url, '/api/checkins/today');
    await sql.query(`update user_settings set email_nudges = false where user_id <> $1`, [
      reminded.userId,
    ]);

    // A graceful stop: every piece closes in order and the process says so.
    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(/"msg":"stopped"/);

    // Then the operator's topology, all at once (each migrates in turn): two web processes that
    // serve members and run no job, and one worker that runs the jobs and serves no member.
    [a, b, worker] = await Promise.all([
      startServer({
        port: PORT_A,
        env: { ...env(), SHUTDOWN_TIMEOUT_MS: '2000', STACKDAYS_ROLE: 'web' },
      }),
      startServer({ port: PORT_B, env: { ...env(), STACKDAYS_ROLE: 'web' } }),
      startServer({ port: PORT_WORKER, env: { ...env(), STACKDAYS_ROLE: 'worker' } }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill(), worker?.kill()]);
    await sql?.end();
    await mailbox?.close();
    await database?.drop();
  }, 30_000);

  it('a session made on one process works on the other, and signing out on one ends it on both', async () => {
    // The sessions were made by the first process, which has stopped since.
    for (const server of [a, b]) {
      const { user } = await poster.member.json<SessionResponse>(
        server.url,
        '/api/account/session',
      );
      expect(user?.userId).toBe(poster.userId);
    }
    // a has just read (and cached) the leaver's session (decision 0030): the sign-out through b must
    // reach it through the cache bus, well inside SESSION_CACHE_MS.
    const before = await leaver.json<SessionResponse>(a.url, '/api/account/session');
    expect(before.user).not.toBeNull();
    const copy = leaver.copy();
    await leaver.json(b.url, '/api/account/sign-out', { method: 'POST' });
    const signedOutAt = Date.now();
    let after = await copy.json<SessionResponse>(a.url, '/api/account/session');
    while (after.user && Date.now() - signedOutAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await copy.json<SessionResponse>(a.url, '/api/account/session');
    }
    expect(after.user).toBeNull();
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);
  });

  it('web processes run no job and the worker answers only health, readiness and metrics', async () => {
    const get = (server: ServerProcess, path: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const jobRuns = async (server: ServerProcess) => {
      const answer = await get(server, '/metrics');
      expect(answer.status).toBe(200);
      return (await answer.text())
        .split('\n')
        .filter((line) => line.startsWith('stackdays_job_runs_total{'));
    };
    // The worker's jobs ran at its start (each finishes in its own time: wait for the reminders');
    // a web process has not run one in all this time.
    const deadline = Date.now() + 20_000;
    while (
      !(await jobRuns(worker)).some((line) => line.includes('job="reminders"')) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobRuns(worker)).join('\n')).toMatch(/job="reminders"/);
    for (const server of [a, b]) expect(await jobRuns(server)).toEqual([]);

    for (const path of ['/api/health', '/api/ready', '/metrics'])
      expect((await get(worker, path)).status).toBe(200);
    for (const path of ['/', '/app', '/api/feed', '/api/account/session', '/api/v1/checkins'])
      expect((await get(worker, path)).status).toBe(404);
    // A member's session does nothing on the worker: it is not a member's server.
    expect((await poster.member.request(worker.url, '/api/account/session')).status).toBe(404);
  });

  it('sends a due reminder once, from the worker, while two web processes serve', async () => {
    const reminders = () =>
      mailbox.mails.filter(
        (m) => m.to === reminded.email && /time (to check in|for today)/i.test(m.subject),
      );
    const deadline = Date.now() + 20_000;
    while (reminders().length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Both processes ran their first tick at start; give a second send time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reminders()).toHaveLength(1);
    const { rows } = await sql.query(
      `select count(*)::int as n from notification_logs where kind = 'daily_reminder' and user_id = $1`,
      [reminded.userId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a check-in and a hidden post show on the other process within the bound', async () => {
    const feedOn = (server: ServerProcess) => viewer.member.json<FeedPage>(server.url, '/api/feed');
    // The viewer's page is in b's cache when the poster checks in through a.
    expect((await feedOn(b)).posts.some((p) => p.author.id === poster.userId)).toBe(false);
    const created = await poster.member.json<{ checkin: { postId: string } }>(
      a.url,
      '/api/checkins',
      {
        method: 'POST',
        json: { movedMinutes: 30, steps: 5000, proteinTargetHit: true, hydrationGoalHit: true },
      },
    );
    const postId = created.checkin.postId;
    // Measured from the answer: the write has committed by then.
    let started = performance.now();
    const shown = await within(started, FEED_CACHE_MS, async () =>
      (await feedOn(b)).posts.some((p) => p.id === postId),
    );

    await feedOn(b);
    await admin.json(a.url, `/api/admin/posts/${postId}/hidden`, {
      method: 'PUT',
      json: { isHidden: true },
    });
    started = performance.now();
    const hidden = await within(started, FEED_CACHE_MS, async () =>
      (await feedOn(b)).posts.every((p) => p.id !== postId),
    );
    console.info(
      `other process: check-in shown after ${shown.toFixed(0)} ms, hidden after ${hidden.toFixed(0)} ms`,
    );
    expect(shown).toBeLessThan(NOTIFIED_WITHIN_MS);
    expect(hidden).toBeLessThan(NOTIFIED_WITHIN_MS);
  });

  it('shares the rate limits: the request past the limit is refused, whichever process gets it', async () => {
    const { checkin } = await viewer.member.json<{ checkin: { id: string; postId: string } }>(
      a.url,
      '/api/checkins',
      {
        method: 'POST',
        json: { movedMinutes: 10, steps: 100, proteinTargetHit: false, hydrationGoalHit: false },
      },
    );
    const postId = checkin.postId;
    viewerCheckinId = checkin.id;
    const comment = (server: ServerProcess, i: number) =>
      viewer.member.request(server.url, `/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { body: `comment ${i}` },
      });
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) {
      expect((await comment(i % 2 ? b : a, i)).status).toBe(201);
    }
    expect((await comment(b, 100)).status).toBe(429);
    expect((await comment(a, 101)).status).toBe(429);
  });

  it('a new name shows on the other process’s leaderboard at once, not after BOARD_TTL_MS', async () => {
    const nameOn = async (server: ServerProcess) =>
      (await viewer.member.json<CommunityBoard>(server.url, '/api/community')).leaderboard.find(
        (e) => e.userId === poster.userId,
      )?.displayName;
    const rename = async (displayName: string) => {
      const profile = await poster.member.json<Record<string, unknown>>(a.url, '/api/profile');
      await poster.member.json(a.url, '/api/profile', {
        method: 'PUT',
        json: {
          displayName,
          firstName: profile.firstName ?? '',
          lastName: profile.lastName ?? '',
          country: profile.country ?? '',
          homeTimezone: profile.homeTimezone,
          unitPref: profile.unitPref,
        },
      });
    };
    expect(await nameOn(b)).toBe('Poster');
    await rename('Poster Renamed');
    let started = performance.now();
    const renamed = await within(started, BOARD_TTL_MS / 30, async () => {
      return (await nameOn(b)) === 'Poster Renamed';
    });
    expect(renamed).toBeLessThan(NOTIFIED_WITHIN_MS);

    // The listening connections are cut: each process logs it once, reconnects, forgets its
    // caches (notifications may have been missed) and hears the next change again.
    await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = 'stackdays-cache-listener'`,
    );
    const back = (server: ServerProcess) =>
      server.output().includes('cache invalidation listener is back');
    const deadline = Date.now() + 10_000;
    while (!(back(a) && back(b)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(back(a) && back(b)).toBe(true);
    for (const server of [a, b]) {
      expect(server.output().match(/cache invalidation listener lost/g)).toHaveLength(1);
    }
    expect(await nameOn(b)).toBe('Poster Renamed');
    await rename('Poster Again');
    started = performance.now();
    const again = await within(started, BOARD_TTL_MS / 30, async () => {
      return (await nameOn(b)) === 'Poster Again';
    });
    expect(again).toBeLessThan(NOTIFIED_WITHIN_MS);
  });

  /** A photo upload whose first kilobyte is sent now and the rest when `finish` is called. */
  async function slowUpload(server: ServerProcess, index: number) {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#4a7' },
    })
      .png()
      .toBuffer();
    let push!: (chunk: Uint8Array | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
      },
    });
    push(new Uint8Array(png.subarray(0, 1000)));
    const answer = viewer.member.request(
      server.url,
      `/api/checkins/${viewerCheckinId}/media?index=${index}`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body,
        duplex: 'half',
      } as RequestInit,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    return {
      answer,
      finish() {
        push(new Uint8Array(png.subarray(1000)));
        push(null);
      },
    };
  }

  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const upload = await slowUpload(b, 0);
    b.child.kill('SIGTERM');
    // Closed for new connections at once...
    const refused = async () =>
      fetch(`${b.url}/api/health`).then(
        () => false,
        () => true,
      );
    const deadline = Date.now() + 5_000;
    while (!(await refused()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refused()).toBe(true);
    // ...while the upload that had started still completes.
    upload.finish();
    const res = await upload.answer;
    expect(res.status).toBe(201);
    expect(await b.exited).toBe(0);
    expect(b.output()).toMatch(/"msg":"stopped"/);
  });

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed with a request still open', async () => {
    const stalled = await slowUpload(a, 1);
    const outcome = stalled.answer.then(
      () => 'answered',
      () => 'cut',
    );
    const started = performance.now();
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(1);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(1_900);
    expect(waited).toBeLessThan(10_000);
    expect(a.output()).toMatch(/shutdown timed out/);
    expect(await outcome).toBe('cut');
  });
});
