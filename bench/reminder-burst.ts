/**
 * The reminder burst and the weekly reviews, with members checking in meanwhile (issues 33 and 48).
 * Every demo member has e-mail nudges on; BURST_DUE (30,000) of them are due their reminder in the
 * same hour, and those of them whose review week ended yesterday (about one in seven, as on any day)
 * are owed their weekly review at that hour too. ONE server process in the default role (`all`: it
 * serves members and runs the jobs, as one process does unless an operator splits them, decision
 * 0100) and a local SMTP sink; BENCH_BURST_PROCESSES=2 runs two such processes sharing the work, the
 * first one measured.
 *
 * The process is first warmed for BENCH_BURST_WARMUP_SECONDS (10) with check-ins and the feed while
 * the jobs wait on held claims (see `hold` below), so the hour meets a warm process. Check-in create
 * (BENCH_CONNECTIONS members at once, each request a member who has not checked in today and is not
 * due a reminder) is measured on it for BENCH_SECONDS with the jobs held, then, once they are let go,
 * for BENCH_SECONDS while they send (or until they are done); then the feed (20 readers) until they
 * are. pg_stat_activity is sampled during the check-ins.
 *
 * Targets, each printed with PASS or FAIL: every due member exactly one reminder and every owed
 * member exactly one review within 10 minutes, nobody else any; no process over 300 MB RSS (its
 * figure printed); check-in create's p95 under 250 ms during the jobs; the feed's p95 under 100 ms.
 * Check-in create's rate is printed as a share of pgbench's tps (the aim: 15%).
 *
 * `npm run bench` calls reminderBurst() on its copy of the template, after stopping its own server.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { localHourIn } from '../src/server/queries/time-zone';
import {
  CYCLE_LENGTH_DAYS,
  REVIEW_DAYS_PER_WEEK,
  SETTINGS_TIMEZONES,
} from '../src/shared/constants';
import { claimSentNotices } from './seed';
import { shareOfPgbench, type Pgbench } from './pgbench';
import {
  CHECKIN_BODY,
  formatActivity,
  percentile,
  readStatus,
  sampleActivity,
  sessionsFor,
  type ActivitySummary,
} from './support';

export const BURST_DUE = Number(process.env.BENCH_BURST_DUE ?? 30_000);
const PROCESSES = Math.max(1, Number(process.env.BENCH_BURST_PROCESSES ?? 1));
const DEADLINE_MS = 10 * 60_000;
export const BURST_MAX_RSS_MB = 300;
const MAX_FEED_P95_MS = 100;
/** Check-in create's p95 while the reminders and reviews go out (issue 48). */
export const MAX_CHECKIN_DURING_JOBS_P95_MS = 250;
const FEED_CONNECTIONS = 20;
/** How long the fresh process is warmed before check-in create is measured on it. */
const BURST_WARMUP_SECONDS = Number(process.env.BENCH_BURST_WARMUP_SECONDS ?? 10);
/**
 * The burst's servers' statement timeout: the jobs' first statements wait on the held claims through
 * the warm-up and the check-ins with the jobs held (the default 15 s would fail them).
 */
const HOLD_TIMEOUT_MS = 300_000;

export interface BurstOptions {
  databaseUrl: string;
  /** One port per process; the first is the one members are measured against. */
  ports: number[];
  env: Record<string, string>;
  entry: string;
  /** Node flags for the servers (BENCH_SERVER_ARGS, e.g. --cpu-prof). */
  nodeArgs: string[];
  /** Session cookies of members who read the feed during the burst. */
  readerCookies: string[];
  /** The servers' AUTH_SECRET: sessions for the members who check in. */
  secret: string;
  connections: number;
  seconds: number;
  pgbench: Pgbench | null;
}

/** What the sink has received: per kind, messages per recipient; and how many of no kind. */
interface SinkReport {
  counts: { reminder: Record<string, number>; review: Record<string, number> };
  others: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One measurement of check-in create on the burst's process. */
interface CheckinRun {
  /** Sorted, ms. */
  latencies: number[];
  /** Answers other than 201, by status. */
  wrong: Map<number, number>;
  seconds: number;
  /** autocannon's errors and timeouts. */
  errors: number;
  activity: ActivitySummary;
}
const rateOf = (run: CheckinRun) => (run.seconds > 0 ? run.latencies.length / run.seconds : 0);
const errorsOf = (run: CheckinRun) => [...run.wrong.values()].reduce((a, b) => a + b, run.errors);

/**
 * Serves `requests` from `connections` connections for up to `seconds`, stopping as soon as `stop()`
 * answers true; `onResponse` sees each answer.
 */
function load(input: {
  url: string;
  connections: number;
  seconds: number;
  requests: autocannon.Request[];
  stop: () => boolean;
  onResponse?: (status: number, ms: number) => void;
}): Promise<{ seconds: number; errors: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: input.url,
        connections: input.connections,
        duration: input.seconds,
        requests: input.requests,
      },
      (error, result) => {
        clearInterval(watch);
        if (error) reject(error);
        else
          resolve({
            seconds: (performance.now() - started) / 1000,
            errors: result.errors + result.timeouts,
          });
      },
    );
    const watch = setInterval(() => {
      if (input.stop()) {
        clearInterval(watch);
        instance.stop();
      }
    }, 20);
    if (input.onResponse) {
      const onResponse = input.onResponse;
      instance.on('response', (_c: unknown, status: number, _b: number, ms: number) =>
        onResponse(status, ms),
      );
    }
  });
}

/** Answers true when a target was missed. */
export async function reminderBurst(options: BurstOptions): Promise<boolean> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  // The sink runs in its own process (bench/smtp-sink.ts): the load generators run here.
  const sink = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    // Weekly reviews first ("Week 3 review: 5 of 7 days checked in"), then daily reminders ("Day 12:
    // time to check in", "Time for today's check-in", or, with a streak at risk, "Check in today...").
    env: {
      ...process.env,
      SINK_KINDS: JSON.stringify({ review: 'review:', reminder: 'check.?in' }),
    },
  });
  const smtpPort = await new Promise<number>((resolve) =>
    sink.once('message', (m) => resolve((m as { port: number }).port)),
  );
  let received: SinkReport = { counts: { reminder: {}, review: {} }, others: 0 };
  const report = async () => {
    const answer = new Promise<SinkReport>((resolve) =>
      sink.once('message', (m) => resolve(m as SinkReport)),
    );
    sink.send('report');
    received = await answer;
  };
  const servers: ChildProcess[] = [];
  let hold: pg.Client | null = null;
  let polling = true;
  let poller: Promise<void> = Promise.resolve();
  try {
    // Zones where this hour is a reminder hour (5..20). The others' hour is two hours later, so it
    // does not come during the burst even if the next hour starts while it runs.
    const now = new Date();
    const zones = SETTINGS_TIMEZONES.map((z) => z.value).filter((zone) => {
      const hour = localHourIn(now, zone);
      return hour >= 5 && hour <= 20;
    });
    const hours = zones.map((zone) => localHourIn(now, zone));
    // Every member: e-mail nudges on, push off, in one of those zones; the due ones at this hour,
    // the others two hours later. Due: BURST_DUE members with a cycle in progress who have not checked
    // in today. Steady state before the hour: each member's next reminder is at their hour.
    const { rows } = await client.query(
      `with z as (select * from unnest($1::text[], $2::int[]) with ordinality as z(zone, hour, n)),
       chosen as (
         select u.id, row_number() over (order by random()) as r
         from "user" u join user_settings s on s.user_id = u.id
         where u.id like 'demo\\_%'
       ),
       placed as (
         select c.id, z.zone, z.hour, c.r <= $3 as due
         from chosen c join z on z.n = 1 + (c.r % array_length($1::text[], 1))
       )
       update user_settings s set email_nudges = true, push_nudges = false, timezone = p.zone,
              pending_timezone = null, pending_timezone_from = null,
              reminder_hour = case when p.due then p.hour else p.hour + 2 end
       from placed p where s.user_id = p.id
       returning s.user_id, p.due`,
      [zones, hours, BURST_DUE],
    );
    const dueIds = rows.filter((r) => r.due).map((r) => r.user_id as string);
    // Due members have not checked in today in their (new) zone, and their cycle is in progress.
    await client.query(
      `delete from checkins k using user_settings s
       where s.user_id = k.user_id and k.user_id = any($1::text[])
         and k.local_date = (now() at time zone s.timezone)::date`,
      [dueIds],
    );
    await client.query(
      `update cycles set start_date = (now() at time zone s.timezone)::date - 30, is_active = true
       from user_settings s where s.user_id = cycles.user_id and cycles.is_active
         and cycles.user_id = any($1::text[])
         and not ((now() at time zone s.timezone)::date - cycles.start_date between 0 and 89)`,
      [dueIds],
    );
    await client.query(`delete from notification_claims where key like 'reminder:%'`);
    await client.query(`delete from notification_logs`);
    // Next reminders: the due members' hour has just come; the others' is an hour away.
    await client.query(
      `update user_settings set next_reminder_at = case
         when reminder_hour <= extract(hour from now() at time zone timezone) then now()
         else ((now() at time zone timezone)::date + make_interval(hours => reminder_hour))::timestamp at time zone timezone end`,
    );
    // The weekly reviews: in the new zones, every review and trial notice up to two hours from now
    // counts as sent, but for the due members whose week ended yesterday (cycle day 8, 15, ... 85
    // today): their review is owed at this hour, with their reminder.
    await claimSentNotices(client, new Date(Date.now() + 2 * 3_600_000));
    const owed = await client.query(
      `delete from notification_claims n
       using cycles c, user_settings s
       where c.user_id = any($1::text[]) and c.is_active and s.user_id = c.user_id and s.weekly_review_email
         and ((now() at time zone s.timezone)::date - c.start_date) % ${REVIEW_DAYS_PER_WEEK} = 0
         and (now() at time zone s.timezone)::date - c.start_date between ${REVIEW_DAYS_PER_WEEK} and ${CYCLE_LENGTH_DAYS - 1}
         and n.key = 'weekly_review:' || c.id || ':' || (((now() at time zone s.timezone)::date - c.start_date) / ${REVIEW_DAYS_PER_WEEK})
       returning n.user_id, n.key`,
      [dueIds],
    );
    const reviewIds = owed.rows.map((r) => r.user_id as string);
    await client.query('vacuum analyze user_settings');
    await client.query('analyze notification_claims');
    const emailsOf = async (ids: string[]) =>
      new Set(
        (await client.query(`select email from "user" where id = any($1::text[])`, [ids])).rows.map(
          (r) => (r.email as string).toLowerCase(),
        ),
      );
    const expected = { reminder: await emailsOf(dueIds), review: await emailsOf(reviewIds) };
    // Members who check in meanwhile: not due (their reminder would be skipped), a cycle in progress
    // in their zone, no check-in today.
    const { rows: free } = await client.query(
      `select u.id from "user" u
       join user_settings s on s.user_id = u.id
       join cycles c on c.user_id = u.id and c.is_active
       where u.id like 'demo\\_%' and not (u.id = any($1::text[]))
         and (now() at time zone s.timezone)::date - c.start_date between 0 and 88
         and not exists (select 1 from checkins k where k.user_id = u.id
                         and k.local_date = (now() at time zone s.timezone)::date)
       order by random() limit 50000`,
      [dueIds],
    );
    const checkinCookies = await sessionsFor(
      client,
      options.secret,
      free.map((r) => r.id as string),
    );
    console.log(
      `\nReminder burst: ${rows.length} members with e-mail nudges on, ${expected.reminder.size} due a reminder now and ${expected.review.size} of them a weekly review (zones ${zones.join(', ')}); ${PROCESSES === 1 ? 'one process' : `${PROCESSES} processes`} in the default role (all), a local SMTP sink; ${checkinCookies.length} members free to check in meanwhile`,
    );

    // The process starts with every due claim held: this transaction inserts each due member's
    // reminder claim and each owed review's claim, and is rolled back once the process is warm and
    // check-in create has been measured on it with the jobs held. Until then the jobs' first runs wait
    // on those keys (their inserts meet an uncommitted duplicate), so the hour's work meets a warm
    // process, as at the top of an hour, and the check-ins before and during it are measured on the
    // same process and data.
    hold = new pg.Client({ connectionString: options.databaseUrl, application_name: 'bench-hold' });
    await hold.connect();
    await hold.query('begin');
    await hold.query(
      `insert into notification_claims (key, user_id, created_at)
       select 'reminder:' || s.user_id || ':' || (now() at time zone s.timezone)::date::text, s.user_id, now()
       from user_settings s where s.user_id = any($1::text[])`,
      [dueIds],
    );
    await hold.query(
      `insert into notification_claims (key, user_id, created_at)
       select * from unnest($1::text[], $2::text[]) as x(key, user_id), now()`,
      [owed.rows.map((r) => r.key as string), reviewIds],
    );
    const spawned = performance.now();
    const env: Record<string, string | undefined> = { ...process.env, ...options.env };
    // The default role: serving members and running the jobs in the same process.
    delete env.STACKDAYS_ROLE;
    for (const port of options.ports.slice(0, PROCESSES)) {
      servers.push(
        spawn(process.execPath, [...options.nodeArgs, options.entry], {
          env: {
            ...env,
            PORT: String(port),
            // Pooled connections, as an operator sending many messages would set (nodemailer).
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?pool=true&maxConnections=16`,
            DATABASE_STATEMENT_TIMEOUT_MS: String(HOLD_TIMEOUT_MS),
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        }),
      );
    }
    const peakRss = servers.map(() => 0);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        if (s.pid) peakRss[i] = Math.max(peakRss[i], readStatus(s.pid).rss);
      });
    }, 200);
    const base = `http://127.0.0.1:${options.ports[0]}`;
    for (let i = 0; i < 240; i++) {
      if (servers[0].exitCode !== null) throw new Error('the burst server exited');
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(250);
    }
    const answering = (performance.now() - spawned) / 1000;

    // The sink's counts, read every half second until every due message is in.
    const reached = (kind: keyof SinkReport['counts']) =>
      [...expected[kind]].filter((e) => received.counts[kind][e]).length;
    let doneAt: number | null = null;
    poller = (async () => {
      while (polling) {
        await sleep(500);
        await report();
        if (
          doneAt === null &&
          reached('reminder') >= expected.reminder.size &&
          reached('review') >= expected.review.size
        )
          doneAt = performance.now();
      }
    })();
    const jobsDone = () => doneAt !== null;

    let nextCheckin = 0;
    const checkinRequests: autocannon.Request[] = [
      {
        method: 'POST',
        path: '/api/checkins',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            origin: base,
            cookie: checkinCookies[nextCheckin++ % checkinCookies.length],
          },
          body: CHECKIN_BODY,
        }),
      },
    ];
    // Stopped well before the members run out: a member asked twice answers 409, not a check-in.
    const exhausted = () => nextCheckin >= checkinCookies.length - 2 * options.connections;
    let nextReader = 0;
    const feedRequests: autocannon.Request[] = [
      {
        method: 'GET',
        path: '/api/feed',
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            cookie: options.readerCookies[nextReader++ % options.readerCookies.length],
          },
        }),
      },
    ];

    // The process has just started: its code meets check-in create and the feed first, unmeasured,
    // while the jobs wait on the held claims; a quarter of the members free to check in at most.
    await Promise.all([
      load({
        url: base,
        connections: options.connections,
        seconds: BURST_WARMUP_SECONDS,
        requests: checkinRequests,
        stop: () => nextCheckin >= checkinCookies.length / 4,
      }),
      load({
        url: base,
        connections: FEED_CONNECTIONS,
        seconds: BURST_WARMUP_SECONDS,
        requests: feedRequests,
        stop: () => false,
      }),
    ]);

    /** Check-in create on this process for BENCH_SECONDS, or until `stop()`. */
    const measureCheckins = async (stop: () => boolean): Promise<CheckinRun> => {
      const latencies: number[] = [];
      const wrong = new Map<number, number>();
      const activity = sampleActivity(
        options.databaseUrl,
        new URL(options.databaseUrl).pathname.slice(1),
      );
      const run = stop()
        ? { seconds: 0, errors: 0 }
        : await load({
            url: base,
            connections: options.connections,
            seconds: options.seconds,
            requests: checkinRequests,
            stop,
            onResponse: (status, ms) => {
              if (status !== 201) wrong.set(status, (wrong.get(status) ?? 0) + 1);
              latencies.push(ms);
            },
          });
      latencies.sort((a, b) => a - b);
      return {
        latencies,
        wrong,
        seconds: run.seconds,
        errors: run.errors,
        activity: await activity.stop(),
      };
    };
    // The same process and data with the jobs held: what the jobs' work is compared with. Up to half
    // of the members free to check in, so the other half is left for the check-ins during the jobs.
    const held = await measureCheckins(() => nextCheckin >= checkinCookies.length / 2);

    // The hour's work begins.
    await hold.query('rollback');
    await hold.end();
    hold = null;
    const started = performance.now();

    // Check-in create while the jobs send.
    const sentBefore = { reminder: reached('reminder'), review: reached('review') };
    const checkin = await measureCheckins(() => jobsDone() || exhausted());
    const sentDuring = {
      reminder: reached('reminder') - sentBefore.reminder,
      review: reached('review') - sentBefore.review,
    };
    const cutShort = jobsDone() && checkin.seconds < options.seconds - 0.5;

    // The feed, read until the jobs are done.
    const feedLatencies: number[] = [];
    let feedWrong = 0;
    const feed = jobsDone()
      ? { seconds: 0, errors: 0 }
      : await load({
          url: base,
          connections: FEED_CONNECTIONS,
          seconds: Math.max(1, (DEADLINE_MS - (performance.now() - started)) / 1000),
          requests: feedRequests,
          stop: jobsDone,
          onResponse: (status, ms) => {
            if (status !== 200) feedWrong++;
            feedLatencies.push(ms);
          },
        });
    while (!jobsDone() && performance.now() - started < DEADLINE_MS) await sleep(500);
    const seconds = ((doneAt ?? performance.now()) - started) / 1000;
    clearInterval(sampler);
    // A moment for anything still in flight, so a message sent twice, late, is counted too.
    await sleep(3_000);
    polling = false;
    await poller;
    await report();

    const verdicts = (['reminder', 'review'] as const).map((kind) => {
      const counts = received.counts[kind];
      return {
        kind,
        reached: reached(kind),
        twice: Object.values(counts).filter((n) => n > 1).length,
        strangers: Object.keys(counts).filter((e) => !expected[kind].has(e)).length,
      };
    });
    const logged = await client.query(
      `select kind, count(*)::int as n from notification_logs where send_status = 'sent' group by kind`,
    );
    const [reminders, reviews] = verdicts;
    console.log(
      `  the first process answered after ${answering.toFixed(1)} s and was warmed for ${BURST_WARMUP_SECONDS} s, the jobs held; every message in after ${seconds.toFixed(0)} s: ${reminders.reached} of ${expected.reminder.size} reminders (${(reminders.reached / seconds).toFixed(0)}/s), ${reviews.reached} of ${expected.review.size} weekly reviews; ${reminders.twice + reviews.twice} sent twice; ${reminders.strangers + reviews.strangers} to members not owed one; logged sent: ${logged.rows.map((r) => `${r.kind} ${r.n}`).join(', ') || 'none'}; ${received.others} other messages`,
    );
    feedLatencies.sort((a, b) => a - b);
    const describe = (label: string, run: CheckinRun, note: string) => {
      const wrong = [...run.wrong].map(([status, n]) => `${n} answered ${status}`).join(', ');
      console.log(
        `  check-in create ${label}: ${run.latencies.length} requests in ${run.seconds.toFixed(1)} s, ${rateOf(run).toFixed(0)} req/s, p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p95 ${percentile(run.latencies, 95).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, ${errorsOf(run)} errors${wrong ? ` (${wrong})` : ''}${note}${options.pgbench ? `; ${shareOfPgbench(rateOf(run), options.pgbench)}` : ''}`,
      );
      for (const line of formatActivity(run.activity))
        console.log(`    pg_stat_activity (${run.activity.samples} samples) ${line}`);
    };
    describe('on this process, the jobs held', held, '');
    describe(
      'during the jobs',
      checkin,
      `${cutShort ? ' (the jobs were done: stopped there)' : ''}; meanwhile ${sentDuring.reminder} reminders and ${sentDuring.review} reviews went out`,
    );
    const checkinP95 = percentile(checkin.latencies, 95);
    console.log(
      `  feed during the jobs (after the check-ins): ${feedLatencies.length} requests in ${feed.seconds.toFixed(1)} s, p50 ${percentile(feedLatencies, 50).toFixed(1)} ms, p95 ${percentile(feedLatencies, 95).toFixed(1)} ms, ${feedWrong + feed.errors} errors`,
    );
    const rssFigures = peakRss.map((n) => `${n.toFixed(0)} MB`).join(' and ');
    const checks: Array<[string, boolean]> = [
      [
        'every due member exactly one reminder and every owed member one weekly review within 10 minutes, nobody else any',
        verdicts.every(
          (v) => v.reached === expected[v.kind].size && v.twice === 0 && v.strangers === 0,
        ),
      ],
      [
        `peak RSS ${rssFigures}: no process over ${BURST_MAX_RSS_MB} MB`,
        Math.max(...peakRss) < BURST_MAX_RSS_MB,
      ],
      [
        `check-in create p95 under ${MAX_CHECKIN_DURING_JOBS_P95_MS} ms while the jobs send (${checkinP95.toFixed(1)} ms over ${checkin.seconds.toFixed(1)} s; ${percentile(held.latencies, 95).toFixed(1)} ms with the jobs held)`,
        checkin.latencies.length > 0 &&
          checkinP95 < MAX_CHECKIN_DURING_JOBS_P95_MS &&
          errorsOf(checkin) === 0,
      ],
      [
        `feed p95 under ${MAX_FEED_P95_MS} ms during the burst`,
        (feedLatencies.length === 0 || percentile(feedLatencies, 95) < MAX_FEED_P95_MS) &&
          feedWrong + feed.errors === 0,
      ],
    ];
    for (const [what, pass] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${what}`);
    return checks.some(([, pass]) => !pass);
  } finally {
    await hold?.end().catch(() => {});
    polling = false;
    await poller.catch(() => {});
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    }
    sink.disconnect();
    await client.end();
  }
}
