/**
 * The reminder burst (issue 33): every demo member with e-mail nudges on, BURST_DUE (30,000) of them
 * due in the same hour, two server processes on one database, and a local SMTP sink. Each due member
 * must get exactly one reminder within 10 minutes, nobody else any; neither process may go over
 * 300 MB RSS; the feed's p95 must stay under 100 ms while the reminders go out (measured against
 * one of the two processes, as members would use it).
 *
 * `npm run bench` calls reminderBurst() on its copy of the template, after stopping its own server.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { localHourIn } from '../src/server/modules/notifications/reminder-due';
import { SETTINGS_TIMEZONES } from '../src/shared/constants';
import { percentile } from './support';

export const BURST_DUE = Number(process.env.BENCH_BURST_DUE ?? 30_000);
const DEADLINE_MS = 10 * 60_000;
const MAX_RSS_MB = 300;
const MAX_FEED_P95_MS = 100;

export interface BurstOptions {
  databaseUrl: string;
  ports: [number, number];
  env: Record<string, string>;
  entry: string;
  /** Session cookies of members who read the feed during the burst. */
  readerCookies: string[];
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Answers true when a target was missed. */
export async function reminderBurst(options: BurstOptions): Promise<boolean> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  // The sink runs in its own process (bench/smtp-sink.ts): the feed's load generator runs here.
  const sink = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    // Daily reminders only ("Day 12: time to check in"); trial notices are counted apart.
    env: { ...process.env, SINK_SUBJECT: 'time to check in' },
  });
  const smtpPort = await new Promise<number>((resolve) =>
    sink.once('message', (m) => resolve((m as { port: number }).port)),
  );
  let received = new Map<string, number>();
  let otherMail = 0;
  const report = async () => {
    const answer = new Promise<{ counts: Record<string, number>; others: number }>((resolve) =>
      sink.once('message', (m) => resolve(m as { counts: Record<string, number>; others: number })),
    );
    sink.send('report');
    const { counts, others } = await answer;
    received = new Map(Object.entries(counts));
    otherMail = others;
  };
  const servers: ChildProcess[] = [];
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
    await client.query('vacuum analyze user_settings');
    const expected = new Set(
      (
        await client.query(`select email from "user" where id = any($1::text[])`, [dueIds])
      ).rows.map((r) => (r.email as string).toLowerCase()),
    );
    console.log(
      `\nReminder burst: ${rows.length} members with e-mail nudges on, ${expected.size} due now (zones ${zones.join(', ')}), two processes, a local SMTP sink`,
    );

    const started = performance.now();
    for (const port of options.ports) {
      servers.push(
        spawn(process.execPath, [options.entry], {
          env: {
            ...process.env,
            ...options.env,
            PORT: String(port),
            // Pooled connections, as an operator sending many messages would set (nodemailer).
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?pool=true&maxConnections=16`,
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        }),
      );
    }
    let peakRss = [0, 0];
    const sampler = setInterval(() => {
      peakRss = servers.map((s, i) => Math.max(peakRss[i], rssMb(s.pid)));
    }, 200);
    // The feed, read through the first process while the reminders go out.
    const base = `http://127.0.0.1:${options.ports[0]}`;
    for (let i = 0; i < 240; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const latencies: number[] = [];
    let feedErrors = 0;
    let nextReader = 0;
    let done = false;
    const feed = autocannon(
      {
        url: base,
        connections: 20,
        duration: DEADLINE_MS / 1000,
        requests: [
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
        ],
      },
      () => {},
    );
    feed.on('response', (_c: unknown, status: number, _b: number, time: number) => {
      if (status !== 200) feedErrors++;
      latencies.push(time);
    });
    const reached = () => [...expected].filter((e) => received.has(e)).length;
    while (!done && performance.now() - started < DEADLINE_MS) {
      await new Promise((r) => setTimeout(r, 1_000));
      await report();
      if (reached() >= expected.size) done = true;
    }
    const seconds = (performance.now() - started) / 1000;
    feed.stop();
    clearInterval(sampler);
    // A moment for anything still in flight, so a duplicate sent late is counted too.
    await new Promise((r) => setTimeout(r, 3_000));
    await report();

    const duplicates = [...received.values()].filter((n) => n > 1).length;
    const strangers = [...received.keys()].filter((e) => !expected.has(e)).length;
    const missing = expected.size - reached();
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const logged = await client.query(
      `select count(*)::int as n from notification_logs where kind = 'daily_reminder' and send_status = 'sent'`,
    );
    console.log(
      `  ${expected.size - missing} of ${expected.size} due members reminded in ${seconds.toFixed(0)} s (${((expected.size - missing) / seconds).toFixed(0)}/s); ${duplicates} reminded twice; ${strangers} reminded who were not due; ${logged.rows[0].n} logged sent; ${otherMail} other messages (trial notices)`,
    );
    console.log(
      `  peak RSS ${peakRss.map((n) => `${n.toFixed(0)} MB`).join(' and ')}; feed during the burst: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${feedErrors} errors`,
    );
    const checks: Array<[string, boolean]> = [
      [
        'every due member exactly one reminder within 10 minutes, nobody else any',
        missing === 0 && duplicates === 0 && strangers === 0,
      ],
      [`no process over ${MAX_RSS_MB} MB RSS`, Math.max(...peakRss) < MAX_RSS_MB],
      [
        `feed p95 under ${MAX_FEED_P95_MS} ms during the burst`,
        p95 < MAX_FEED_P95_MS && feedErrors === 0,
      ],
    ];
    for (const [what, pass] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${what}`);
    return checks.some(([, pass]) => !pass);
  } finally {
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    }
    sink.disconnect();
    await client.end();
  }
}
