import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { streakSummary } from '@shared/domain/forgiving-streak';
import { crews, cycles, user } from '../../db/schema';
import { parseHistories } from '../../db/seed-histories';
import { writeHistories } from '../../db/seed-histories-write';
import { setUpTestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { listMemberLines } from '../admin/user-list';
import { getToday } from '../checkins/service';
import { computeCommunityBoard } from '../community/leaderboard';
import { getCrew } from '../crews/service';
import { collect } from '../profile/data-export/collect';
import { owedReviews } from '../review/email';
import { getNewestReview } from '../review/service';
import { getMyCycle } from './service';
import { readRuleInputs, refreshStaleCycles, STREAK_RULE_VERSION } from '../../queries/cycle-stats';

// Issue 43: every count in the product agrees, by the one streak rule (decision 0098). A member who
// missed Day 5 and checked in on Day 6 keeps their streak on My Cycle, home, the community and crew
// boards, the weekly review, the data export and the admin's Users list.

const t = setUpTestApp();
// 09:00 UTC on Thursday 26 November 2026: the seeded histories end on the 25th.
const NOW = new Date('2026-11-26T09:00:00Z');
const histories = {
  members: [
    { email: 'grace@every.test', name: 'Grace Every', timeZone: 'UTC', history: 'xxxx.xxxx' },
    {
      email: 'sam@every.test',
      name: 'Sam Every',
      timeZone: 'UTC',
      mode: 'strict',
      history: 'xxxx.xxxx',
    },
  ],
  crews: [{ name: 'Every Crew', owner: 'grace@every.test', members: ['sam@every.test'] }],
};

describe('every count', () => {
  it('is the streak rule’s, for a forgiving and a strict member with the same days', async () => {
    await writeHistories(
      { db: t.deps.db, storage: null, ffmpegPath: null },
      parseHistories(JSON.stringify(histories)),
      NOW,
    );
    const idOf = async (email: string) =>
      (await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0].id;
    const grace = await idOf('grace@every.test');
    const sam = await idOf('sam@every.test');
    const [crew] = await t.deps.db.select().from(crews).where(eq(crews.name, 'Every Crew'));
    const board = await computeCommunityBoard(t.deps.db, NOW);
    const crewBoard = (await getCrew(await t.contextFor(grace, { now: NOW }), { crewId: crew.id }))
      .board;
    const admin = (
      await listMemberLines(
        t.system('test', () => NOW),
        { ids: [grace, sam] },
      )
    ).lines;

    for (const [userId, streak, consistency] of [
      [grace, 8, 80],
      [sam, 4, 80],
    ] as const) {
      const ctx = await t.contextFor(userId, { now: NOW });
      const [cycle] = await t.deps.db.select().from(cycles).where(eq(cycles.userId, userId));
      const [rule] = await readRuleInputs(t.deps.db, [cycle.id]);
      const expected = streakSummary(rule.history, '2026-11-26');
      expect([expected.currentStreak, expected.consistency]).toEqual([streak, consistency]);

      const my = await getMyCycle(ctx);
      expect(my.stats).toMatchObject({ currentStreak: streak, consistency, checkins: 8 });
      expect(my.days[4].status).toBe(userId === grace ? 'grace' : 'missed');
      expect((await getToday(ctx)).cycle).toMatchObject({ streak, day: 10, atRisk: false });
      expect(board.leaderboard.find((e) => e.userId === userId)).toMatchObject({
        streak,
        consistency,
        ...(userId === sam ? { strict: true } : {}),
      });
      expect(crewBoard.find((e) => e.userId === userId)).toMatchObject({ streak, consistency });
      expect(admin.find((l) => l.id === userId)?.cycle).toMatchObject({ streak, day: 10 });
      // Week 1 (days 1-7) has ended: its review marks Day 5 and counts the streak as it stood.
      const { review } = await getNewestReview(ctx);
      expect(review!.days[4].status).toBe(userId === grace ? 'grace' : 'missed');
      expect(review!.currentStreak).toBe(userId === grace ? 6 : 2);
      const exported = (await collect(t.deps.db, userId, NOW)).data as unknown as {
        cycles: Array<{
          currentStreak: number;
          consistency: number;
          days: Array<{ mark: string }>;
        }>;
      };
      expect(exported.cycles[0]).toMatchObject({ currentStreak: streak, consistency });
      expect(exported.cycles[0].days[4].mark).toBe(userId === grace ? 'grace' : 'missed');
    }
    expect(board.leaderboard.find((e) => e.userId === grace)?.strict).toBeUndefined();
  });

  it('opens a week’s review, and owes its e-mail, once its seven days of the cycle have ended', async () => {
    // Nine dates, three of them paused: six days of the cycle have ended, so week 1 is not over.
    await writeHistories(
      { db: t.deps.db, storage: null, ffmpegPath: null },
      parseHistories(
        JSON.stringify({
          members: [
            { email: 'pat@every.test', name: 'Pat', timeZone: 'UTC', history: 'xxxpppxxx' },
          ],
        }),
      ),
      NOW,
    );
    const [pat] = await t.deps.db.select().from(user).where(eq(user.email, 'pat@every.test'));
    const evening = new Date('2026-11-26T20:00:00Z');
    expect((await getNewestReview(await t.contextFor(pat.id, { now: evening }))).review).toBeNull();
    expect((await owedReviews(t.deps.db, evening, '', 500)).map((r) => r.user_id)).not.toContain(
      pat.id,
    );
    // The next evening Day 7 has ended: week 1 opens, and its e-mail is owed.
    const next = new Date('2026-11-27T20:00:00Z');
    const { review } = await getNewestReview(await t.contextFor(pat.id, { now: next }));
    expect(review).toMatchObject({ week: 1, firstDate: '2026-11-17', lastDate: '2026-11-26' });
    await expect(owedReviews(t.deps.db, next, '', 500)).resolves.toContainEqual(
      expect.objectContaining({ user_id: pat.id, week: 1 }),
    );
  });

  it('of a cycle kept before the rule is recomputed by it', async () => {
    const [cycle] = await t.deps.db.select().from(cycles).limit(1);
    await t.deps.db
      .update(cycles)
      .set({ ruleVersion: 0, streakRun: 0, streakThrough: null, longestStreak: 0 })
      .where(eq(cycles.id, cycle.id));
    expect(await refreshStaleCycles(t.deps.db)).toBeGreaterThanOrEqual(1);
    const [again] = await t.deps.db.select().from(cycles).where(eq(cycles.id, cycle.id));
    expect(again).toMatchObject({
      ruleVersion: 1,
      streakRun: cycle.streakRun,
      streakThrough: cycle.streakThrough,
      longestStreak: cycle.longestStreak,
    });
  });
  // Every process runs the job at start-up: after a release they meet on the same stale cycles.
  const staleCount = async () =>
    (
      await t.deps.db
        .select({ id: cycles.id })
        .from(cycles)
        .where(and(eq(cycles.isActive, true), lt(cycles.ruleVersion, STREAK_RULE_VERSION)))
    ).length;

  it('of cycles kept before the rule is shared by two processes, each cycle recomputed once', async () => {
    const active = await t.deps.db
      .select({ id: cycles.id })
      .from(cycles)
      .where(eq(cycles.isActive, true));
    expect(active.length).toBeGreaterThanOrEqual(3);
    await t.deps.db.update(cycles).set({ ruleVersion: 0 }).where(eq(cycles.isActive, true));
    // One cycle a batch, so the two calls take turns.
    const done = await Promise.all([
      refreshStaleCycles(t.deps.db, 1),
      refreshStaleCycles(t.deps.db, 1),
    ]);
    expect(done[0] + done[1]).toBe(active.length);
    expect(await staleCount()).toBe(0);
  });

  it.skipIf(databaseLabel !== 'pg')(
    'of a cycle a check-in is writing is left to that check-in, without waiting for it',
    async () => {
      const two = await t.deps.db
        .select({ id: cycles.id })
        .from(cycles)
        .where(eq(cycles.isActive, true))
        .limit(2);
      const ids = two.map((c) => c.id);
      await t.deps.db.update(cycles).set({ ruleVersion: 0 }).where(inArray(cycles.id, ids));
      let locked = () => {};
      let release = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const writer = t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select id from cycles where id = ${ids[0]} for no key update`);
        locked();
        await released;
      });
      await isLocked;
      try {
        expect(await refreshStaleCycles(t.deps.db)).toBe(1);
        expect(await staleCount()).toBe(1);
      } finally {
        release();
        await writer;
      }
      expect(await refreshStaleCycles(t.deps.db)).toBe(1);
      expect(await staleCount()).toBe(0);
    },
  );
});
