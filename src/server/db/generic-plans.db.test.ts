import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { queryRows, type DbOrTx } from './client';
import { createTestDatabase, databaseLabel, type TestDatabase } from '../testing/test-database';
import { listUsers } from '../modules/admin/user-list';
import { crewWithBoard } from '../modules/crews/crew-board';
import { memberCyclesAndZone } from '../queries/review';
import type { ServiceContext } from '../lib/context';
import { readRuleInputs, refreshCycleStats } from '../queries/cycle-stats';
import { viewerMarks } from '../queries/feed-viewer';
import { cycleStart } from '../queries/cycle-starts';
import { checkinWrite } from '../modules/checkins/create';

// Decision 0129: a batched read's arrays reach PostgreSQL in a way that keeps its plan. With the
// arrays bare, a custom plan counted the asks and a generic one could not, so the generic plan looked
// dearer and PostgreSQL planned the statement again on every run (the crew board, the weekly review
// and the admin search spent more time being planned than run). PGlite keeps no named statements.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const RUNS = 12;

/** How often the connection's named statement whose text contains `marker` was planned each way. */
async function plansOf(db: DbOrTx, marker: string) {
  const [row] = await queryRows<{ generic: number; custom: number }>(
    db,
    sql`select sum(generic_plans)::int as generic, sum(custom_plans)::int as custom
        from pg_prepared_statements where statement like ${`%${marker}%`}`,
  );
  return row;
}

/** Runs `work` in one transaction, so every statement meets the same connection. */
function onOneConnection<T>(work: (db: DbOrTx) => Promise<T>): Promise<T> {
  return database.db.transaction((tx) => work(tx));
}

describe.skipIf(databaseLabel !== 'pg')('batched reads keep their plan', () => {
  it("the crew board's and the weekly review's statements are planned once, then run on their kept plans", async () => {
    const plans = await onOneConnection(async (db) => {
      const ctx = { db, now: () => new Date() } as unknown as ServiceContext;
      for (let i = 0; i < RUNS; i++) {
        // Nobody's crew and nobody's cycles: the statements run all the same.
        expect(await crewWithBoard(ctx, randomUUID(), `nobody-${i}`)).toBeNull();
        expect((await memberCyclesAndZone(db, `nobody-${i}`, new Date())).cycles).toEqual([]);
      }
      return {
        board: await plansOf(db, 'json_agg(l order by l.consistency desc'),
        cycles: await plansOf(db, 'with ordinality as asked(user_id, n)'),
      };
    });
    for (const statement of [plans.board, plans.cycles]) {
      expect(statement.generic).toBeGreaterThan(0);
      expect(statement.custom).toBeLessThan(RUNS);
    }
  });

  it("the admin search's statement is planned once, then run on its kept plan", async () => {
    const plans = await onOneConnection(async (db) => {
      const ctx = {
        db,
        now: () => new Date(),
        actor: { kind: 'system', name: 'test' },
      } as unknown as ServiceContext;
      for (let i = 0; i < RUNS; i++) {
        const page = await listUsers(ctx, { q: ['a', 'bo', 'cam', 'dave@'][i % 4] });
        expect(page.users).toEqual([]);
      }
      return plansOf(db, 'with ordinality as asked(q, pattern, t, id, n)');
    });
    expect(plans.generic).toBeGreaterThan(0);
    expect(plans.custom).toBeLessThan(RUNS);
  });

  it("a check-in's cycle read and stats update, the streak rule's read and the feed's viewer marks are planned once", async () => {
    const plans = await onOneConnection(async (db) => {
      for (let i = 0; i < RUNS; i++) {
        // A cycle that is not there: the update runs and changes nothing, the reads answer nothing.
        const id = randomUUID();
        const ask = {
          userId: `nobody-${i}`,
          withDays: i % 2 === 0,
          withRule: i % 2 === 1,
          weightZone: null,
        };
        const dates = {
          fromDate: '2026-11-28',
          toDate: '2026-11-30',
          at: new Date().toISOString(),
        };
        expect((await cycleStart(db, { ...ask, ...dates }))?.cycleId ?? null).toBeNull();
        const history = {
          startDate: '2026-11-01',
          mode: 'strict' as const,
          checkins: [],
          pauses: [],
          restPlans: [],
        };
        const stats = await refreshCycleStats(db, [id], [{ id, userId: `nobody-${i}`, history }]);
        expect([...stats.keys()]).toEqual([id]);
        expect(await readRuleInputs(db, [id])).toEqual([]);
        const marks = await viewerMarks(db, `nobody-${i}`, [randomUUID(), randomUUID()]);
        expect(marks.likes.size + marks.reactions.size).toBe(0);
      }
      return {
        cycle: await plansOf(db, 'as asked(user_id, with_days, from_date'),
        stats: await plansOf(db, 'as v(cycle_id, paused_days, paused_dates'),
        rule: await plansOf(db, 'from cycles c where c.id = any('),
        marks: await plansOf(db, 'as v(viewer_id, page)'),
      };
    });
    for (const statement of [plans.cycle, plans.stats, plans.rule, plans.marks]) {
      expect(statement.generic).toBeGreaterThan(0);
      expect(statement.custom).toBeLessThan(RUNS);
    }
  });

  it("a check-in's write is planned once, then run on its kept plan", async () => {
    const plans = await onOneConnection(async (db) => {
      for (let i = 0; i < RUNS; i++) {
        // Nobody's cycle: the guard (at once) finds no row, and the statement writes nothing.
        const now = new Date();
        const [written] = await checkinWrite(db).execute({
          id: randomUUID(),
          cycleId: randomUUID(),
          userId: `nobody-${i}`,
          dayNumber: 1,
          localDate: '2026-11-30',
          movedMinutes: 30,
          steps: 5000,
          proteinTargetHit: true,
          hydrationGoalHit: false,
          journalMd: null,
          activitySource: null,
          activityAt: null,
          now,
          caption: '',
          visibility: 'public',
          crewId: i % 2 === 0 ? null : randomUUID(),
          cutoff: now,
          ruleMd5: 'd41d8cd98f00b204e9800998ecf8427e',
          pausedDays: 0,
          pausedDates: '{}',
          restDates: '{}',
          longest: 1,
          run: 1,
          through: '2026-11-30',
          atRiskFrom: null,
        });
        expect(written).toBeUndefined();
      }
      return plansOf(db, 'insert into "checkins"');
    });
    expect(plans.generic).toBeGreaterThan(0);
    expect(plans.custom).toBeLessThan(RUNS);
  });
});
