import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setUpTestApp } from '../../testing/test-app';
import { checkins, cycles, profiles, user, userSettings } from '../../db/schema';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { computeCommunityBoard } from './leaderboard';

const t = setUpTestApp();

const NOW = new Date('2026-06-20T18:00:00Z');

/** A member whose active cycle is on `day` (UTC) with check-ins on the given days. */
async function seedMember(name: string, day: number, done: number[]) {
  const id = `lb_${name}`;
  await t.deps.db.insert(user).values({ id, name, email: `${name}@lb.test`, emailVerified: true });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC' })
    .where(sql`${userSettings.userId} = ${id}`);
  const start = new Date(NOW);
  start.setUTCDate(start.getUTCDate() - (day - 1));
  const startDate = start.toISOString().slice(0, 10);
  const [cycle] = await t.deps.db.insert(cycles).values({ userId: id, startDate }).returning();
  if (done.length) {
    await t.deps.db.insert(checkins).values(
      done.map((d) => {
        const local = new Date(start);
        local.setUTCDate(local.getUTCDate() + d - 1);
        return {
          cycleId: cycle.id,
          userId: id,
          dayNumber: d,
          localDate: local.toISOString().slice(0, 10),
        };
      }),
    );
  }
  return id;
}

describe('community leaderboard', () => {
  it('ranks by consistency and by the real live streak, computed in the database', async () => {
    await seedMember('ana', 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]); // 100%, streak 10
    await seedMember('ben', 10, [1, 2, 3, 4, 5, 8, 9]); // 70%, streak 2 (ends yesterday)
    await seedMember('cai', 4, [1, 2, 3]); // 75%, streak 3 (alive: ends yesterday)
    await seedMember('dee', 20, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]); // 60%, streak 0 (ended day 12)
    await seedMember('eve', 5, []); // 0%
    await refreshCycleStats(t.deps.db);

    const board = await computeCommunityBoard(t.deps.db, NOW);
    expect(board.leaderboard.map((e) => [e.displayName, e.consistency, e.streak])).toEqual([
      ['ana', 100, 10],
      ['cai', 75, 3],
      ['ben', 70, 2],
      ['dee', 60, 0],
      ['eve', 0, 0],
    ]);
    expect(board.longestStreaks.map((e) => [e.displayName, e.streak])).toEqual([
      ['ana', 10],
      ['cai', 3],
      ['ben', 2],
    ]);
    expect(board.stats).toMatchObject({ activeMembers: 5, totalCheckins: 32, checkedInToday: 1 });
    const dee = board.leaderboard.find((e) => e.displayName === 'dee')!;
    expect(dee.longestStreak).toBe(12);

    // The board shows the profile's display name, not the account's name.
    await t.deps.db
      .update(profiles)
      .set({ displayName: 'Ana Board' })
      .where(sql`${profiles.id} = 'lb_ana'`);
    const renamed = await computeCommunityBoard(t.deps.db, NOW);
    expect(renamed.leaderboard[0]).toMatchObject({ userId: 'lb_ana', displayName: 'Ana Board' });
  });

  it('says which cycles have not reached their Day 1 yet (issue 41 item 12)', async () => {
    await seedMember('fay', 3, [1, 2, 3]);
    // Day 0: a new cycle that starts tomorrow (Start New Cycle on a checked-in day, decision 0032).
    await seedMember('gus', 0, []);
    await refreshCycleStats(t.deps.db);

    const board = await computeCommunityBoard(t.deps.db, NOW);
    const named = board.leaderboard.filter((e) => ['fay', 'gus'].includes(e.displayName));
    expect(named.map((e) => [e.displayName, e.currentDay, e.started, e.consistency])).toEqual([
      ['fay', 3, true, 100],
      ['gus', 1, false, 0],
    ]);
  });

  it('counts as checked in today exactly the members with a check-in dated today (issue 41 review)', async () => {
    // Members of the tests before stay on the board: counted from here.
    const before = (await computeCommunityBoard(t.deps.db, NOW)).stats.checkedInToday;
    await seedMember('jon', 6, [1, 2, 3, 4, 5, 6]); // checked in today, Day 6
    // A cycle that ended five days ago, with its Day 90 checked in: nothing to log today.
    await seedMember(
      'hal',
      95,
      Array.from({ length: 90 }, (_, i) => i + 1),
    );
    await refreshCycleStats(t.deps.db);
    expect((await computeCommunityBoard(t.deps.db, NOW)).stats.checkedInToday).toBe(before + 1);

    // Checked in today on Day 5, then started a new cycle, which starts tomorrow.
    const ivy = await seedMember('ivy', 5, [1, 2, 3, 4, 5]);
    await t.deps.db
      .update(cycles)
      .set({ isActive: false })
      .where(sql`${cycles.userId} = ${ivy}`);
    const tomorrow = new Date(NOW.getTime() + 86_400_000).toISOString().slice(0, 10);
    await t.deps.db.insert(cycles).values({ userId: ivy, startDate: tomorrow });
    await refreshCycleStats(t.deps.db);

    const board = await computeCommunityBoard(t.deps.db, NOW);
    expect(board.stats.checkedInToday).toBe(before + 2);
  });

  it('keeps the cycle aggregates right as check-ins arrive through the API', async () => {
    const m = await t.member();
    await m.client.request('/api/checkins', {
      method: 'POST',
      json: {
        movedMinutes: 15,
        steps: 3000,
        proteinTargetHit: false,
        hydrationGoalHit: false,
        journalMd: '',
      },
    });
    const [row] = await t.deps.db
      .select()
      .from(cycles)
      .where(sql`${cycles.userId} = ${m.userId}`);
    expect(row).toMatchObject({
      checkinCount: 1,
      totalMinutes: 15,
      totalSteps: 3000,
      lastDay: 1,
      lastRun: 1,
      longestStreak: 1,
    });
    const res = await m.client.request('/api/community');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.leaderboard.find((e: { userId: string }) => e.userId === m.userId)).toMatchObject({
      checkins: 1,
      currentDay: 1,
      consistency: 100,
      streak: 1,
      longestStreak: 1,
    });
  });
});
