import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { openDatabase, queryRows, type DbOrTx } from '../../db/client';
import { systemContext } from '../../lib/context';
import { createServices } from '../../services';
import { setUpTestApp } from '../../testing/test-app';
import { undone } from '../../testing/undone';
import { instantsOf2026 } from '../../testing/instants';
import { databaseLabel } from '../../testing/test-database';
import { effectiveTimeZone } from '../../queries/time-zone';
import { claimDueReminders, sendDailyReminders } from './daily-reminders';
import { localHourIn } from '../../queries/time-zone';
import { reminderDue } from './reminder-due';

// The daily reminder chosen in SQL (decision 0050): exactly the members due, in their own zone,
// compared with the rule in reminder-due.ts; and shared by processes without a member twice.

const t = setUpTestApp();

interface Spec {
  zone: string;
  hour: number;
  /** The cycle's first day, relative to the member's local today (0: started today; null: none). */
  startOffset: number | null;
  checkedInToday?: boolean;
  checkedInYesterday?: boolean;
  remindedToday?: boolean;
  /** A reminder claim for yesterday (it must not count for today). */
  remindedYesterday?: boolean;
  emailNudges?: boolean;
  pushNudges?: boolean;
  verified?: boolean;
  /** A zone chosen later, taking over `pendingFromMinutes` after `now` (negative: already has). */
  pending?: { zone: string; fromMinutes: number };
}

let serial = 0;

/** The member's zone in effect at `now` and their local date there. */
function todayOf(spec: Spec, now: Date): { zone: string; today: LocalDate } {
  const pendingFrom = spec.pending
    ? new Date(now.getTime() + spec.pending.fromMinutes * 60_000)
    : null;
  const zone = effectiveTimeZone(
    {
      timezone: spec.zone,
      pendingTimezone: spec.pending?.zone ?? null,
      pendingTimezoneFrom: pendingFrom,
    },
    now,
  );
  return { zone, today: localDateIn(now, zone) };
}

/** Inserts members as `specs` say, as of `now` (their "today" is in their zone in effect at `now`). */
async function insertMembers(db: DbOrTx, specs: Spec[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  for (const spec of specs) {
    const id = `sel_${databaseLabel}_${++serial}`;
    ids.push(id);
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@sel.test`}, ${spec.verified ?? true})`,
    );
    const pendingFrom = spec.pending
      ? new Date(now.getTime() + spec.pending.fromMinutes * 60_000)
      : null;
    await db.execute(
      sql`update user_settings set timezone = ${spec.zone}, reminder_hour = ${spec.hour},
            email_nudges = ${spec.emailNudges ?? true}, push_nudges = ${spec.pushNudges ?? false},
            pending_timezone = ${spec.pending?.zone ?? null},
            pending_timezone_from = ${pendingFrom?.toISOString() ?? null}::timestamptz
          where user_id = ${id}`,
    );
    const { today } = todayOf(spec, now);
    if (spec.startOffset !== null) {
      const start = addDays(today, -spec.startOffset);
      const [cycle] = await queryRows<{ id: string }>(
        db,
        sql`insert into cycles (user_id, start_date, is_active) values (${id}, ${start}, true) returning id`,
      );
      const inCycle = (date: LocalDate) =>
        date >= start && date <= addDays(start, CYCLE_LENGTH_DAYS - 1);
      const checkIn = async (date: LocalDate) => {
        if (!inCycle(date)) return;
        const day = Math.round((Date.parse(date) - Date.parse(start)) / 86_400_000) + 1;
        await db.execute(
          sql`insert into checkins (cycle_id, user_id, day_number, local_date) values (${cycle.id}, ${id}, ${day}, ${date})`,
        );
      };
      if (spec.checkedInToday) await checkIn(today);
      if (spec.checkedInYesterday) await checkIn(addDays(today, -1));
    }
    const claim = async (date: LocalDate) =>
      db.execute(
        sql`insert into notification_claims (key, user_id) values (${`reminder:${id}:${date}`}, ${id})`,
      );
    if (spec.remindedToday) await claim(today);
    if (spec.remindedYesterday) await claim(addDays(today, -1));
  }
  return ids;
}

/** What the rule (reminderDue, and a cycle in progress) says: the member's reminder is due at `now`. */
function expectedDue(spec: Spec, now: Date): boolean {
  if (!(spec.emailNudges ?? true) && !(spec.pushNudges ?? false)) return false;
  if (!(spec.verified ?? true) || spec.startOffset === null) return false;
  // A cycle in progress: started, and not past its last day.
  if (spec.startOffset < 0 || spec.startOffset >= CYCLE_LENGTH_DAYS) return false;
  const { zone, today } = todayOf(spec, now);
  return reminderDue(
    {
      timeZone: zone,
      reminderHour: spec.hour,
      lastCheckinDate: spec.checkedInToday
        ? today
        : spec.checkedInYesterday
          ? addDays(today, -1)
          : null,
      lastReminderDate: spec.remindedToday ? today : null,
    },
    now,
  ).due;
}

/** Members the selection claims at `now`, among `ids`, reading every member whose moment has come. */
async function selected(tx: DbOrTx, ids: string[], now: Date): Promise<string[]> {
  const { due } = await claimDueReminders(tx, now, 100_000);
  return due
    .map((d) => d.user_id)
    .filter((id) => ids.includes(id))
    .sort();
}

const ZONES = [
  'America/Denver',
  'America/New_York',
  'Pacific/Honolulu',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Pacific/Chatham',
];

describe(`the daily reminder chosen in SQL (${databaseLabel})`, () => {
  it('is due at the member’s hour in their own zone, across zones', async () => {
    // 2026-06-10 01:00 UTC: 19:00 June 9 in Denver, 10:00 June 10 in Tokyo, 06:30 in Kolkata,
    // 15:00 June 9 in Honolulu.
    const now = new Date('2026-06-10T01:00:00Z');
    const specs: Spec[] = [
      { zone: 'America/Denver', hour: 19, startOffset: 5 },
      { zone: 'America/Denver', hour: 20, startOffset: 5 },
      { zone: 'Asia/Tokyo', hour: 19, startOffset: 5 },
      { zone: 'Asia/Tokyo', hour: 10, startOffset: 5 },
      { zone: 'Asia/Kolkata', hour: 6, startOffset: 5 },
      { zone: 'Asia/Kolkata', hour: 7, startOffset: 5 },
      { zone: 'Pacific/Honolulu', hour: 15, startOffset: 5 },
      { zone: 'Pacific/Honolulu', hour: 16, startOffset: 5 },
    ];
    const chosen = await undone(t.database.db, async (tx) => {
      const ids = await insertMembers(tx, specs, now);
      const picked = await selected(tx, ids, now);
      return ids.map((id) => picked.includes(id));
    });
    expect(chosen).toEqual([true, false, false, true, true, false, true, false]);
  });

  it('follows the wall clock when daylight saving starts and ends', async () => {
    // New York springs forward on 2026-03-08 (02:00 EST -> 03:00 EDT) and falls back on
    // 2026-11-01 (02:00 EDT -> 01:00 EST). A 07:00 reminder stays at 07:00 on the wall clock.
    const cases: Array<[string, boolean]> = [
      ['2026-03-08T10:59:00Z', false], // 06:59 EDT
      ['2026-03-08T11:00:00Z', true], // 07:00 EDT (it would be 06:00 EST)
      ['2026-11-01T11:59:00Z', false], // 06:59 EST (it would be 07:59 EDT)
      ['2026-11-01T12:00:00Z', true], // 07:00 EST
    ];
    for (const [iso, due] of cases) {
      const now = new Date(iso);
      const picked = await undone(t.database.db, async (tx) => {
        const ids = await insertMembers(
          tx,
          [{ zone: 'America/New_York', hour: 7, startOffset: 10 }],
          now,
        );
        return (await selected(tx, ids, now)).length === 1;
      });
      expect({ iso, due: picked }).toEqual({ iso, due });
    }
  });

  it('passes over members already reminded today, checked in today, without a cycle in progress or with nudges off', async () => {
    const now = new Date('2026-06-10T03:00:00Z'); // 21:00 June 9 in Denver
    const base = { zone: 'America/Denver', hour: 19, startOffset: 5 } as const;
    const specs: Spec[] = [
      { ...base },
      { ...base, remindedToday: true },
      { ...base, remindedYesterday: true },
      { ...base, checkedInToday: true },
      { ...base, checkedInYesterday: true },
      { ...base, startOffset: null },
      { ...base, startOffset: -1 }, // starts tomorrow
      { ...base, startOffset: CYCLE_LENGTH_DAYS - 1 }, // day 90
      { ...base, startOffset: CYCLE_LENGTH_DAYS }, // day 91: the cycle is over
      { ...base, emailNudges: false },
      { ...base, emailNudges: false, pushNudges: true },
      { ...base, verified: false },
      { ...base, zone: 'Mars/Olympus' }, // unknown: the default zone (Denver) counts
    ];
    const chosen = await undone(t.database.db, async (tx) => {
      const ids = await insertMembers(tx, specs, now);
      const picked = await selected(tx, ids, now);
      return ids.map((id) => picked.includes(id));
    });
    expect(chosen).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      false,
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(chosen).toEqual(specs.map((spec) => expectedDue(spec, now)));
  });

  it('reads a member again only when their next reminder can be owed, or their settings change', async () => {
    const now = new Date('2026-06-10T03:00:00Z'); // 21:00 June 9 in Denver
    await undone(t.database.db, async (tx) => {
      const [due, later, done] = await insertMembers(
        tx,
        [
          { zone: 'America/Denver', hour: 19, startOffset: 5 },
          { zone: 'America/Denver', hour: 22, startOffset: 5 },
          { zone: 'America/Denver', hour: 19, startOffset: 5, checkedInToday: true },
        ],
        now,
      );
      const first = await claimDueReminders(tx, now, 100_000);
      expect(first.due.map((d) => d.user_id)).toContain(due);
      // The same minute again: nobody is read at all, let alone claimed.
      const again = await claimDueReminders(tx, now, 100_000);
      expect(again).toEqual({ read: 0, due: [] });
      // 22:00: only the member whose hour it is.
      const at22 = new Date('2026-06-10T04:00:00Z');
      const second = await claimDueReminders(tx, at22, 100_000);
      expect(second.read).toBe(1);
      expect(second.due.map((d) => d.user_id)).toEqual([later]);
      // The member who checked in changes their hour: read again at once (and not due: checked in).
      await tx.execute(sql`update user_settings set reminder_hour = 21 where user_id = ${done}`);
      const third = await claimDueReminders(tx, at22, 100_000);
      expect(third).toEqual({ read: 1, due: [] });
      // The next evening, all three are due again.
      const tomorrow = new Date('2026-06-11T04:00:00Z');
      const fourth = await claimDueReminders(tx, tomorrow, 100_000);
      expect(fourth.due.map((d) => d.user_id).sort()).toEqual([due, later, done].sort());
    });
  });

  it('chooses exactly the members reminderDue says are due, for random members and instants', async () => {
    const spec: fc.Arbitrary<Spec> = fc
      .record(
        {
          zone: fc.constantFrom(...ZONES),
          hour: fc.integer({ min: 5, max: 22 }),
          startOffset: fc.option(fc.integer({ min: -3, max: CYCLE_LENGTH_DAYS + 3 }), { freq: 8 }),
          checkedInToday: fc.boolean(),
          checkedInYesterday: fc.boolean(),
          remindedToday: fc.boolean(),
          remindedYesterday: fc.boolean(),
          emailNudges: fc.boolean(),
          pushNudges: fc.boolean(),
          verified: fc.boolean(),
          pending: fc.option(
            fc.record({
              zone: fc.constantFrom(...ZONES),
              fromMinutes: fc.integer({ min: -48 * 60, max: 48 * 60 }),
            }),
            { freq: 4 },
          ),
        },
        { requiredKeys: ['zone', 'hour', 'startOffset'] },
      )
      .map((s) => ({ ...s, pending: s.pending ?? undefined }));

    await fc.assert(
      fc.asyncProperty(
        instantsOf2026,
        fc.array(spec, { minLength: 1, maxLength: 12 }),
        async (now, specs) => {
          const { ids, picked } = await undone(t.database.db, async (tx) => {
            const ids = await insertMembers(tx, specs, now);
            return { ids, picked: await selected(tx, ids, now) };
          });
          const expected = ids.filter((_, i) => expectedDue(specs[i], now)).sort();
          expect(picked).toEqual(expected);
        },
      ),
      // A failure stops at once (no shrinking): each run writes a dozen members on a busy machine.
      { numRuns: databaseLabel === 'pg' ? 60 : 40, endOnFailure: true },
    );
  }, 300_000);

  it('two processes share one hour’s reminders: every member exactly once', async () => {
    // Every member's hour is the hour it is in their zone: 20:00 in Denver, 21:00 in Chicago,
    // 07:30 in Kolkata, 11:00 in Tokyo.
    const now = new Date('2026-06-10T02:00:00Z');
    const zones = ['America/Denver', 'America/Chicago', 'Asia/Kolkata', 'Asia/Tokyo'];
    const specs: Spec[] = Array.from({ length: 600 }, (_, i) => {
      const zone = zones[i % zones.length];
      return { zone, hour: localHourIn(now, zone), startOffset: i % 80 };
    });
    const ids = await insertMembers(t.database.db, specs, now);
    const expected = ids.filter((_, i) => expectedDue(specs[i], now));
    expect(expected.length).toBeGreaterThan(400);

    // A second process: its own connection pool and services on the same database.
    const serverUrl = process.env.TEST_DATABASE_URL;
    let second = t.database;
    if (serverUrl) {
      const [{ name }] = await queryRows<{ name: string }>(
        t.database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      second = {
        ...(await openDatabase({ driver: 'pg', url: url.toString(), poolSize: 10 })),
        label: 'pg',
      };
    }
    const other = createServices({
      config: t.deps.config,
      db: second.db,
      logger: pino({ level: 'silent' }),
      secret: 'test-secret-test-secret-test-secret-000',
    });
    try {
      const [a, b] = await Promise.all([
        sendDailyReminders(systemContext(t.deps, 'reminders', () => now)),
        sendDailyReminders(systemContext(other, 'reminders', () => now)),
      ]);
      await Promise.all([t.deps.mailer.idle(), other.mailer.idle()]);
      const sent = await queryRows<{ user_id: string; n: number }>(
        t.database.db,
        sql`select user_id, count(*)::int as n from notification_logs
            where kind = 'daily_reminder' and user_id like ${`sel_${databaseLabel}_%`} group by user_id`,
      );
      expect(sent.filter((r) => r.n !== 1)).toEqual([]);
      expect(sent.map((r) => r.user_id).sort()).toEqual([...expected].sort());
      expect(a + b).toBe(expected.length);
      // With two pools on PostgreSQL both processes took a share.
      if (serverUrl) expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      if (second !== t.database) await second.close();
    }
  }, 300_000);
});
