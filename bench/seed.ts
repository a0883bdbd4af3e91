/**
 * The bench's data, generated inside PostgreSQL (issue 33, decision 0051): `generate_series` and
 * `random()` in a handful of INSERT ... SELECT statements, no row objects in Node, so 100,000
 * members x 90 days takes minutes, not the 46 of the row-by-row seed (scripts/seed-demo.ts stays the
 * seed for a demo: deterministic texts, badges, invites).
 *
 * Members are spread over the cycle: each is on a day from 1 to `days` today (uniformly), so at
 * 90 days most of them can still check in. Each checked in on a day with their own adherence
 * (60-99%), at their usual time in their own zone; today only if that time has passed. One post per
 * check-in; likes and reactions from random members (most posts a few, some many); comments on a
 * fifth of the posts (a post's fans are consecutive members from a random one: distinct, no key
 * check needed while loading). Demo ids are `demo_<n>`, e-mails `demo<n>@stackdays.local`, as in seed-demo.
 * The notices a running system would have sent by then are claimed (`claimSentNotices`), so a
 * server started on the data catches up only what came due since (issue 48).
 */
import pg from 'pg';
import {
  CYCLE_LENGTH_DAYS,
  REVIEW_DAYS_PER_WEEK,
  REVIEW_WEEKS,
  SETTINGS_TIMEZONES,
  TRIAL_DAYS,
} from '../src/shared/constants';
import { TRIAL_NOTICE_DAYS } from '../src/server/modules/notifications/service';

const US_ZONES = new Set([
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
]);
/** Most members in the US, as the product's zones suggest: US zones 6 times, the others twice. */
const ZONE_POOL = SETTINGS_TIMEZONES.flatMap((z) =>
  Array.from({ length: US_ZONES.has(z.value) ? 6 : 2 }, () => z.value),
);
// prettier-ignore
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'William', 'Mia', 'Benjamin', 'Charlotte', 'Lucas', 'Amelia', 'Henry', 'Harper', 'Theodore', 'Evelyn', 'Jack', 'Priya', 'Arjun', 'Yuki', 'Haruto', 'Chiara', 'Luca', 'Ana', 'Diego', 'Fatima', 'Omar', 'Grace', 'Wei', 'Mei', 'Kwame', 'Amara', 'Lars', 'Ingrid', 'Siobhan', 'Declan', 'Zoe'];
// prettier-ignore
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Lee', 'Perez', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'King', 'Wright', 'Scott', 'Nguyen', 'Hill', 'Green', 'Patel', 'Sharma', 'Tanaka', 'Sato', 'Rossi', 'Silva', 'Okafor', 'Mensah', 'Chen', 'Kim'];
// prettier-ignore
const JOURNALS = ['Felt strong today.', 'Tired, but I showed up.', '**Day done.** Energy was great.', '- a run\n- Drank water all day', 'Did yoga today. _Stretched before bed._', 'Small win: leg day, 40 min.'];
// prettier-ignore
const COMMENTS = ['Nice work! 💪', 'Keep stacking those days!', 'Love this.', 'You are on a roll 🔥', 'Great consistency!', 'Way to show up!'];

const lit = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
const pick = (values: readonly string[]) =>
  `(${lit(values)})[1 + floor(random() * ${values.length})::int]`;

/** The big tables: their indexes are dropped during the load and built after it. */
const LOADED_TABLES = ['checkins', 'posts', 'likes', 'post_reactions', 'comments'];

/** The statements, in order; each a step of the seed. */
function statements(members: number, days: number): Array<[string, string]> {
  return [
    [
      'members',
      `create unlogged table bench_members as
       select i, 'demo_' || i as id, 'demo' || i || '@stackdays.local' as email,
              ${pick(FIRST)} as first_name, ${pick(LAST)} as last_name,
              ${pick(ZONE_POOL)} as zone,
              1 + floor(random() * ${days})::int as day_now,
              0.6 + random() * 0.39 as adherence,
              (array[390, 420, 735, 1050, 1140, 1230])[1 + floor(random() * 6)::int] as usual_minute,
              (array[6, 7, 7, 8, 12, 17, 18, 19, 19, 19, 20, 21])[1 + floor(random() * 12)::int] as reminder_hour,
              random() < 0.85 as email_nudges, random() < 0.3 as push_nudges,
              20 + floor(random() * 36)::int as base_minutes, 4000 + floor(random() * 7001)::int as base_steps
       from generate_series(1, ${members}) i`,
    ],
    [
      'members: dates',
      `alter table bench_members add column today date, add column start_date date, add column signed_up timestamptz;
       update bench_members set today = (now() at time zone zone)::date;
       update bench_members set start_date = today - (day_now - 1),
         signed_up = ((today - (day_now - 1) - 2)::timestamp + interval '9 hours') at time zone zone;`,
    ],
    [
      'user',
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select id, first_name || ' ' || last_name, email, true, signed_up, signed_up from bench_members`,
    ],
    [
      'profiles',
      `insert into profiles (id, display_name, first_name, last_name, unit_pref, verified_at, joined_at, created_at, updated_at)
       select id, case when random() < 0.8 then first_name || ' ' || last_name else first_name || ' ' || left(last_name, 1) || '.' end,
              first_name, last_name, case when zone like 'America/%' or zone like 'Pacific/%' then 'imperial' else 'metric' end,
              signed_up, signed_up, signed_up, signed_up
       from bench_members`,
    ],
    [
      'settings, consents, cycles, trials',
      `insert into user_settings (user_id, reminder_hour, email_nudges, push_nudges, timezone, updated_at)
       select id, reminder_hour, email_nudges, push_nudges, zone, signed_up from bench_members;
       insert into consents (user_id, tos_accepted_at, health_disclaimer_accepted_at)
       select id, signed_up, signed_up from bench_members;
       insert into cycles (user_id, start_date, is_active, created_at)
       select id, start_date, true, signed_up from bench_members;
       insert into subscriptions (user_id, status, current_period_end, created_at, updated_at)
       select id, 'trialing', now() + (1 + random() * ${TRIAL_DAYS - 1}) * interval '1 day', signed_up, signed_up
       from bench_members;`,
    ],
    [
      'checkins',
      `insert into checkins (id, cycle_id, user_id, day_number, local_date, moved_minutes, steps,
                             protein_target_hit, hydration_goal_hit, journal_md, created_at, completed_at, updated_at)
       select gen_random_uuid(), c.id, m.id, d, m.start_date + (d - 1),
              least(90, greatest(10, round(m.base_minutes * (0.5 + random()))))::int,
              least(16000, greatest(2000, round(m.base_steps * (0.6 + random() * 0.85) / 10) * 10))::int,
              random() < 0.6, random() < 0.7,
              case when random() < 0.5 then ${pick(JOURNALS)} end,
              t.at, t.at, t.at
       from bench_members m
       join cycles c on c.user_id = m.id
       cross join lateral generate_series(1, m.day_now) d
       cross join lateral (
         select ((m.start_date + (d - 1))::timestamp
                 + make_interval(mins => least(1379, greatest(360, m.usual_minute + floor(random() * 151)::int - 75))))
                at time zone m.zone as at
       ) t
       where random() < m.adherence and t.at <= now()`,
    ],
    [
      'posts',
      `insert into posts (id, checkin_id, user_id, caption, created_at)
       select gen_random_uuid(), k.id, k.user_id, coalesce(k.journal_md, 'Daily check-in complete!'), k.created_at
       from checkins k`,
    ],
    [
      'likes',
      `insert into likes (post_id, user_id, created_at)
       select p.id, 'demo_' || (1 + (p.first + g) % ${members}),
              least(now(), p.created_at + random() * interval '30 hours')
       from (select id, created_at, least(${members}, floor(random() * random() * 9)::int) as n,
                    floor(random() * ${members})::int as first from posts) p
       cross join lateral generate_series(1, p.n) g`,
    ],
    [
      'reactions',
      `insert into post_reactions (post_id, user_id, reaction, created_at)
       select p.id, 'demo_' || (1 + (p.first + g) % ${members}),
              (array['like', 'like', 'strong', 'celebrate', 'fireworks'])[1 + floor(random() * 5)::int],
              least(now(), p.created_at + random() * interval '30 hours')
       from (select id, created_at, least(${members}, floor(random() * random() * 6)::int) as n,
                    floor(random() * ${members})::int as first from posts) p
       cross join lateral generate_series(1, p.n) g`,
    ],
    [
      'comments',
      `insert into comments (post_id, user_id, body, created_at)
       select p.id, 'demo_' || (1 + floor(random() * ${members})::int), ${pick(COMMENTS)},
              least(now(), p.created_at + g * random() * interval '20 hours')
       from (select id, created_at, case when random() < 0.2 then 1 + floor(random() * 3)::int else 0 end as n from posts) p
       cross join lateral generate_series(1, p.n) g`,
    ],
    ['drop the plan', `drop table bench_members`],
  ];
}

/**
 * Claims, as sent, every weekly review and trial-ending notice a running system would have sent by
 * the instant `at` (issue 48): each week's review of an active cycle at the member's reminder hour on
 * the day after the week ends, in their zone (decision 0049; the same keys as `weeklyReviewKey`), and
 * each trial's ending notice TRIAL_NOTICE_DAYS before it ends (decision 0096), for members who would
 * have been sent them. Claims already there stay. Answers how many were added.
 */
export async function claimSentNotices(
  client: pg.Client,
  at: Date,
): Promise<{ reviews: number; trials: number }> {
  const reviews = await client.query(
    `insert into notification_claims (key, user_id, created_at)
     select 'weekly_review:' || c.id || ':' || w.week, c.user_id, m.moment
     from cycles c
     join user_settings s on s.user_id = c.user_id and (s.weekly_review_email or s.push_nudges)
     join "user" u on u.id = c.user_id and u.email_verified
     cross join generate_series(1, ${REVIEW_WEEKS}) w(week)
     cross join lateral (
       select ((c.start_date + case when w.week = ${REVIEW_WEEKS} then ${CYCLE_LENGTH_DAYS}
                                    else ${REVIEW_DAYS_PER_WEEK} * w.week end)::timestamp
               + make_interval(hours => s.reminder_hour)) at time zone s.timezone as moment
     ) m
     where c.is_active and m.moment <= $1
     on conflict do nothing`,
    [at],
  );
  const trials = await client.query(
    `insert into notification_claims (key, user_id, created_at)
     select 'trial_ending:' || sub.id::text, sub.user_id, sub.current_period_end - interval '${TRIAL_NOTICE_DAYS} days'
     from subscriptions sub join "user" u on u.id = sub.user_id and u.email_verified
     where sub.status = 'trialing' and sub.current_period_end - interval '${TRIAL_NOTICE_DAYS} days' <= $1
     on conflict do nothing`,
    [at],
  );
  return { reviews: reviews.rowCount ?? 0, trials: trials.rowCount ?? 0 };
}

/**
 * Seeds `url` (an empty, migrated database) with `members` demo members up to `days` days into their
 * cycle. Triggers and foreign-key checks are off for the session (session_replication_role =
 * replica): every row they would make or check is written here.
 */
export async function seedInSql(
  url: string,
  members: number,
  days: number,
  log: (line: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    // Indexes are built once after the load (far faster than row by row, a GIN index above all);
    // those behind a constraint stay, the likes' and reactions' keys skip the duplicates.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    // Keys no foreign key depends on go too (likes, reactions, comments): the fans below are
    // distinct per post, so the key is built once afterwards instead of checked row by row.
    const { rows: keys } = await client.query<{ table: string; name: string; definition: string }>(
      `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
       where c.contype in ('p', 'u') and c.conrelid::regclass::text = any($1::text[])
         and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
      [LOADED_TABLES],
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    for (const { table, name } of keys)
      await client.query(`alter table ${table} drop constraint "${name}"`);
    for (const [step, text] of statements(members, days)) {
      const started = performance.now();
      await client.query(text);
      log(`  ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    let started = performance.now();
    const claimed = await claimSentNotices(client, new Date());
    log(
      `  notices already sent: ${claimed.reviews} weekly reviews, ${claimed.trials} trial endings: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    for (const { table, name, definition } of keys)
      await client.query(`alter table ${table} add constraint "${name}" ${definition}`);
    for (const { definition } of indexes) await client.query(definition);
    log(
      `  ${keys.length + indexes.length} keys and indexes: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}
