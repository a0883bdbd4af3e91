import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@shared/domain/local-date';
import { setUpTestApp } from '../../testing/test-app';
import { checkins, cyclePauses, cycles, posts, restDayPlans } from '../../db/schema';
import { countTransactions } from '../../db/transaction-count';
import { refreshCycleStats, ruleHistoryMd5, ruleHistoryTextOfC } from '../../queries/cycle-stats';
import { queryRows } from '../../db/client';
import { sql } from 'drizzle-orm';
import { checkinWrite } from './create';
import { createCheckin, getToday } from './service';

/**
 * Decision 0135: most check-ins are one statement outside a transaction, which keeps the cycle's
 * columns itself; it must keep exactly what a full recompute keeps, and write nothing when what the
 * streak rule reads changed after the check-in read it.
 */
const t = setUpTestApp();

// 18:00 UTC: the same date in New York, where test members sign up.
const START = new Date('2026-03-02T18:00:00Z');
const onDay = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });
const dayCheckin = {
  movedMinutes: 25,
  steps: 6000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: '',
};

const cycleRow = async (id: string) => {
  const [row] = await t.deps.db.select().from(cycles).where(eq(cycles.id, id));
  return row;
};

describe('a check-in in one statement (decision 0135)', () => {
  it.each(['strict', 'forgiving'] as const)(
    'keeps the %s cycle’s columns as a full recompute does, with misses, rest days and a pause',
    async (mode) => {
      const m = await t.member();
      const { cycle } = await getToday(await at(m.userId, 1));
      await t.deps.db.update(cycles).set({ mode }).where(eq(cycles.id, cycle.id));
      if (mode === 'forgiving') {
        await t.deps.db
          .insert(restDayPlans)
          .values({ userId: m.userId, effectiveFrom: cycle.startDate, weekdays: [7] });
        await t.deps.db.insert(cyclePauses).values({
          cycleId: cycle.id,
          userId: m.userId,
          startDate: addDays(cycle.startDate, 9),
          endDate: addDays(cycle.startDate, 10),
        });
      }
      await refreshCycleStats(t.deps.db, [cycle.id]);
      const counter = countTransactions(t.database);
      let atOnce = 0;
      const days = [1, 2, 3, 5, 6, 9, 13, 14, 15, 16, 19, 20];
      for (const day of days) {
        const ctx = await at(m.userId, day);
        counter.start();
        await createCheckin(ctx, dayCheckin);
        const { transactions, statements } = counter.stop();
        // At once: the cycle's read and the write, no transaction (on PGlite a transaction's
        // statements are not seen; a write that fell back would be a third transaction).
        if (
          transactions === 2 &&
          !statements.includes('begin') &&
          statements.some((s) => s.includes('insert into "checkins"'))
        )
          atOnce += 1;
        const written = await cycleRow(cycle.id);
        await refreshCycleStats(t.deps.db, [cycle.id]);
        expect(written, `day ${day}`).toEqual(await cycleRow(cycle.id));
      }
      // Day 1 starts the cycle and the first badge comes in a transaction; most of the rest are at once.
      expect(atOnce).toBeGreaterThanOrEqual(8);
      // Paused dates are no days of the cycle: the forgiving cycle's days 10 and 11 were paused.
      const rows = await t.deps.db
        .select({ day: checkins.dayNumber })
        .from(checkins)
        .where(eq(checkins.cycleId, cycle.id))
        .orderBy(checkins.dayNumber);
      expect(rows.map((r) => r.day)).toEqual(
        mode === 'strict' ? days : days.map((d) => (d > 11 ? d - 2 : d)),
      );
    },
  );

  it('makes exactly one check-in, one post and one count from 20 concurrent submits', async () => {
    const m = await t.member();
    expect((await m.client.request('/api/checkins/today')).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.client.request('/api/checkins', { method: 'POST', json: dayCheckin }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const made = await t.deps.db.select().from(checkins).where(eq(checkins.userId, m.userId));
    expect(made).toHaveLength(1);
    expect(await t.deps.db.select().from(posts).where(eq(posts.userId, m.userId))).toHaveLength(1);
    expect((await cycleRow(made[0].cycleId)).checkinCount).toBe(1);
  });

  const changes = {
    'a rest-day plan': async (userId: string, cycleId: string, today: string) => {
      await t.deps.db.insert(restDayPlans).values({ userId, effectiveFrom: today, weekdays: [3] });
    },
    'a pause': async (userId: string, cycleId: string, today: string) => {
      await t.deps.db
        .insert(cyclePauses)
        .values({ cycleId, userId, startDate: addDays(today, 1), endDate: addDays(today, 2) });
    },
    'the mode': async (_userId: string, cycleId: string) => {
      await t.deps.db.update(cycles).set({ mode: 'strict' }).where(eq(cycles.id, cycleId));
    },
    'the start date': async (_userId: string, cycleId: string, today: string) => {
      await t.deps.db
        .update(cycles)
        .set({ startDate: addDays(today, -1) })
        .where(eq(cycles.id, cycleId));
    },
  };

  it.each(Object.keys(changes) as Array<keyof typeof changes>)(
    'writes nothing when %s changed since the check-in read the cycle',
    async (change) => {
      const m = await t.member();
      const { cycle } = await getToday(await t.contextFor(m.userId));
      const historyText = async () => {
        const [row] = await queryRows<{ text: string }>(
          t.deps.db,
          sql`select ${ruleHistoryTextOfC} as text from cycles c where c.id = ${cycle.id}`,
        );
        return row.text;
      };
      const read = await historyText();
      await changes[change](m.userId, cycle.id, cycle.today);
      expect(await historyText()).not.toBe(read);
      const now = new Date();
      const write = (ruleText: string) =>
        checkinWrite(t.deps.db).execute({
          id: randomUUID(),
          cycleId: cycle.id,
          userId: m.userId,
          dayNumber: cycle.day,
          localDate: cycle.today,
          ...dayCheckin,
          journalMd: null,
          activitySource: null,
          activityAt: null,
          now,
          caption: 'Day done',
          visibility: 'public',
          crewId: null,
          cutoff: new Date(0),
          ruleMd5: ruleHistoryMd5(ruleText),
          pausedDays: 0,
          pausedDates: '{}',
          restDates: '{}',
          longest: 1,
          run: 1,
          through: cycle.today,
          atRiskFrom: null,
        });
      const [stale] = await write(read);
      expect(stale).toMatchObject({ inserted: false, postId: null, statsKept: false });
      expect(await t.deps.db.select().from(checkins).where(eq(checkins.userId, m.userId))).toEqual(
        [],
      );
      expect(await t.deps.db.select().from(posts).where(eq(posts.userId, m.userId))).toEqual([]);
      // Read again, it writes the check-in, its post and the cycle's columns together.
      const [fresh] = await write(await historyText());
      expect(fresh).toMatchObject({ inserted: true, statsKept: true });
      expect((await cycleRow(cycle.id)).checkinCount).toBe(1);
    },
  );
});
