import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { queryRows, type DbOrTx } from '../../db/client';
import { setUpTestApp } from '../../testing/test-app';
import { undone } from '../../testing/undone';
import { instantsOf2026 } from '../../testing/instants';
import { databaseLabel } from '../../testing/test-database';
import { effectiveTimeZone } from '../../queries/time-zone';
import { owedReviews, weeklyReviewDue, weeklyReviewKey } from './email';

// Who is owed a weekly review, chosen in SQL (issue 48): exactly the members `weeklyReviewDue` says,
// in their own zone (a pending one once its instant has come), without those already claimed.

const t = setUpTestApp();

interface Spec {
  zone: string;
  hour: number;
  /** The cycle's first day, days before the member's local today. */
  startedDaysAgo: number;
  /** The claim of the week `weeklyReviewDue` names is already taken. */
  claimed: boolean;
  weeklyReviewEmail: boolean;
  pushNudges: boolean;
  verified: boolean;
  pending?: { zone: string; fromMinutes: number };
}

const ZONES = [
  'UTC',
  'Pacific/Honolulu',
  'America/Denver',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
];

let serial = 0;

function zoneOf(spec: Spec, now: Date): string {
  return effectiveTimeZone(
    {
      timezone: spec.zone,
      pendingTimezone: spec.pending?.zone ?? null,
      pendingTimezoneFrom: spec.pending
        ? new Date(now.getTime() + spec.pending.fromMinutes * 60_000)
        : null,
    },
    now,
  );
}

function startOf(spec: Spec, now: Date): LocalDate {
  return addDays(localDateIn(now, zoneOf(spec, now)), -spec.startedDaysAgo);
}

/** The week the rule says the member is owed at `now` (0: none). */
function expectedWeek(spec: Spec, now: Date): number {
  if (!spec.verified || !(spec.weeklyReviewEmail || spec.pushNudges)) return 0;
  const week = weeklyReviewDue(
    { startDate: startOf(spec, now), timeZone: zoneOf(spec, now), reminderHour: spec.hour },
    now,
  );
  return spec.claimed ? 0 : week;
}

async function insertMembers(db: DbOrTx, specs: Spec[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  for (const spec of specs) {
    const id = `rev_${databaseLabel}_${String(++serial).padStart(6, '0')}`;
    ids.push(id);
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@rev.test`}, ${spec.verified})`,
    );
    const pendingFrom = spec.pending
      ? new Date(now.getTime() + spec.pending.fromMinutes * 60_000)
      : null;
    await db.execute(
      sql`update user_settings set timezone = ${spec.zone}, reminder_hour = ${spec.hour},
            weekly_review_email = ${spec.weeklyReviewEmail}, push_nudges = ${spec.pushNudges},
            pending_timezone = ${spec.pending?.zone ?? null},
            pending_timezone_from = ${pendingFrom?.toISOString() ?? null}::timestamptz
          where user_id = ${id}`,
    );
    const [cycle] = await queryRows<{ id: string }>(
      db,
      sql`insert into cycles (user_id, start_date, is_active) values (${id}, ${startOf(spec, now)}, true) returning id`,
    );
    const week = weeklyReviewDue(
      { startDate: startOf(spec, now), timeZone: zoneOf(spec, now), reminderHour: spec.hour },
      now,
    );
    if (spec.claimed && week > 0)
      await db.execute(
        sql`insert into notification_claims (key, user_id) values (${weeklyReviewKey(cycle.id, week)}, ${id})`,
      );
  }
  return ids;
}

describe(`weekly reviews chosen in SQL (${databaseLabel})`, () => {
  it('owes exactly the weeks weeklyReviewDue names, for random members and instants', async () => {
    const spec: fc.Arbitrary<Spec> = fc
      .record({
        zone: fc.constantFrom(...ZONES),
        hour: fc.integer({ min: 5, max: 22 }),
        // Around every week's end, the last week, and the catch-up's end.
        startedDaysAgo: fc.oneof(
          fc.integer({ min: 0, max: 110 }),
          fc.constantFrom(6, 7, 8, 14, 15, 89, 90, 91, 97, 98),
        ),
        claimed: fc.boolean(),
        weeklyReviewEmail: fc.boolean(),
        pushNudges: fc.boolean(),
        verified: fc.boolean(),
        pending: fc.option(
          fc.record({
            zone: fc.constantFrom(...ZONES),
            fromMinutes: fc.integer({ min: -48 * 60, max: 48 * 60 }),
          }),
          { freq: 4, nil: undefined },
        ),
      })
      .map((s) => ({ ...s, pending: s.pending ?? undefined }));

    await fc.assert(
      fc.asyncProperty(
        instantsOf2026,
        fc.array(spec, { minLength: 1, maxLength: 12 }),
        async (now, specs) => {
          const owed = await undone(t.database.db, async (tx) => {
            const ids = await insertMembers(tx, specs, now);
            // Pages of 3: the keyset walks every owed member once, in user-id order.
            const found: Array<{ id: string; week: number }> = [];
            for (let after = ''; ;) {
              const page = await owedReviews(tx, now, after, 3);
              found.push(...page.map((r) => ({ id: r.user_id, week: Number(r.week) })));
              if (page.length < 3) break;
              after = page[page.length - 1].user_id;
            }
            return { ids, found: found.filter((r) => ids.includes(r.id)) };
          });
          const expected = owed.ids
            .map((id, i) => ({ id, week: expectedWeek(specs[i], now) }))
            .filter((r) => r.week > 0);
          expect(owed.found).toEqual(expected);
        },
      ),
      { numRuns: databaseLabel === 'pg' ? 60 : 40, endOnFailure: true },
    );
  }, 300_000);
});
