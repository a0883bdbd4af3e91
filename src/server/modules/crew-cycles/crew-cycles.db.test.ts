import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CrewCycleState } from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { cycles, userSettings } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { setUpTestApp } from '../../testing/test-app';
import { dayCheckin } from '../../testing/checkins';
import { createCheckin, getToday } from '../checkins/service';
import { getMyCycle } from '../cycles/service';
import { setStreakMode } from '../cycles/pauses';
import { createCrew, removeMember } from '../crews/service';
import { joinByInvite, newInviteLink, previewInvite } from '../crews/invite-links';
import { chooseOnCrewCycle } from './choice';
import { getCrewCycleFinale } from './finale';
import { changeCrewCycleRules, scheduleCrewCycle } from './schedule';
import { getCrewCycleState } from './state';
import { switchWaitingMoves } from './switch';

// Issue 44: a crew's 90 days with one Day 1, on the real services and database.

const t = setUpTestApp();

/** Noon UTC on a 2026 date. */
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const at = (userId: string, now: Date) => t.contextFor(userId, { now });

async function member(displayName: string, timeZone = 'UTC') {
  const m = await t.member({ displayName, timeZone });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: timeZone })
    .where(eq(userSettings.userId, m.userId));
  // Their own cycle, started long before the crew's.
  await getToday(await at(m.userId, noon('2026-02-01')));
  return m;
}

/** A crew of `owner` and `others`, all joined on `date`. */
async function crewOf(
  date: string,
  owner: { userId: string },
  ...others: Array<{ userId: string }>
) {
  const crew = await createCrew(await at(owner.userId, noon(date)), { name: 'Dawn Patrol' });
  const { url } = await newInviteLink(await at(owner.userId, noon(date)), { crewId: crew.id });
  const token = url.split('/crews/join/')[1];
  for (const m of others) await joinByInvite(await at(m.userId, noon(date)), { token });
  return { crewId: crew.id, token };
}

const status = async (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
  );

const activeCycleOf = async (userId: string) =>
  (
    await t.deps.db
      .select()
      .from(cycles)
      .where(eq(cycles.userId, userId))
      .then((rows) => rows.filter((r) => r.isActive))
  )[0];

const checkIn = async (userId: string, now: Date) =>
  createCheckin(await at(userId, now), { ...dayCheckin, journalMd: '' });

/** Olive's crew with Sam, whose cycle starts on 2 Mar, both moved to it on their Day 1. */
async function movedOnTwoMarch(owner: { userId: string }, sam: { userId: string }) {
  const { crewId } = await crewOf('2026-03-01', owner, sam);
  const { cycle } = await scheduleCrewCycle(await at(owner.userId, noon('2026-03-01')), {
    crewId,
    startDate: '2026-03-02',
    mode: 'forgiving',
    goalMinutes: null,
  });
  const crewCycleId = cycle!.id;
  for (const m of [owner, sam])
    await chooseOnCrewCycle(await at(m.userId, noon('2026-03-02')), {
      crewId,
      crewCycleId,
      choice: 'move',
    });
  return { crewId, crewCycleId };
}

describe('scheduling and the rules lock (issue 44)', () => {
  it('lets the owner schedule today to 60 days ahead, refuses members and a second cycle, and locks the rules as Day 1 begins in UTC+14', async () => {
    const owner = await member('Olive');
    const sam = await member('Sam');
    const { crewId } = await crewOf('2026-03-01', owner, sam);
    const now = noon('2026-03-01');
    const ask = { crewId, startDate: '2026-03-10', mode: 'strict' as const, goalMinutes: 9000 };

    expect(await status(scheduleCrewCycle(await at(sam.userId, now), ask))).toEqual({
      code: 'forbidden',
      message: msg.crewOwnerOnly,
    });
    expect(
      await status(
        scheduleCrewCycle(await at(owner.userId, now), { ...ask, startDate: '2026-05-01' }),
      ),
    ).toEqual({ code: 'validation_failed', message: msg.crewCycleStartInvalid });

    const state = await scheduleCrewCycle(await at(owner.userId, now), ask);
    expect(state.cycle).toMatchObject({
      startDate: '2026-03-10',
      lastDate: '2026-06-07',
      mode: 'strict',
      modeLabel: 'Strict',
      phase: 'scheduled',
      daysToStart: 9,
      canChangeRules: true,
      goal: { minutes: 9000, doneMinutes: 0, percent: 0, reached: false },
      me: { state: 'undecided', canMove: true },
    });
    expect(await status(scheduleCrewCycle(await at(owner.userId, now), ask))).toEqual({
      code: 'conflict',
      message: msg.crewCycleAlreadyScheduled,
    });

    const id = state.cycle!.id;
    // 9 Mar 09:59 UTC: Day 1 has not begun anywhere; 10:00 UTC it begins in Kiritimati.
    const changed = await changeCrewCycleRules(
      await at(owner.userId, new Date('2026-03-09T09:59:00Z')),
      {
        crewId,
        crewCycleId: id,
        mode: 'forgiving',
      },
    );
    expect(changed.cycle).toMatchObject({ mode: 'forgiving', phase: 'scheduled' });
    const locked = await at(owner.userId, new Date('2026-03-09T10:00:00Z'));
    expect(
      await status(changeCrewCycleRules(locked, { crewId, crewCycleId: id, mode: 'strict' })),
    ).toEqual({
      code: 'conflict',
      message: msg.crewCycleRulesLocked,
    });
    const seen = await getCrewCycleState(locked, { crewId });
    expect(seen.cycle).toMatchObject({
      phase: 'countdown',
      rulesLocked: true,
      canChangeRules: false,
    });
  });
});

describe('moving to the crew cycle (issue 44)', () => {
  it('moves twenty members at once, each to Day 1 on the start date, and leaves a member who stays on their own cycle', async () => {
    const owner = await member('Olive');
    const movers = [owner];
    for (let i = 1; i < 19; i++) movers.push(await member(`Mover ${i}`));
    const stayer = await member('Stella');
    const { crewId } = await crewOf('2026-03-01', owner, ...movers.slice(1), stayer);
    const scheduled = await scheduleCrewCycle(await at(owner.userId, noon('2026-03-01')), {
      crewId,
      startDate: '2026-03-04',
      mode: 'forgiving',
      goalMinutes: null,
    });
    const crewCycleId = scheduled.cycle!.id;
    const stayerCycle = await activeCycleOf(stayer.userId);
    await chooseOnCrewCycle(await at(stayer.userId, noon('2026-03-02')), {
      crewId,
      crewCycleId,
      choice: 'stay',
    });

    const day1 = noon('2026-03-04');
    // One of them checked in on Day 1 on their old cycle before choosing.
    await checkIn(movers[3].userId, day1);
    const answers = await Promise.all(
      movers.map(async (m) =>
        chooseOnCrewCycle(await at(m.userId, day1), { crewId, crewCycleId, choice: 'move' }),
      ),
    );
    for (const a of answers) expect(a.cycle?.me.state).toBe('on-crew-cycle');

    const seen = await getCrewCycleState(await at(owner.userId, day1), { crewId });
    expect(seen.cycle!.board).toHaveLength(20 - 1);
    expect(seen.cycle!.others).toEqual([
      expect.objectContaining({ userId: stayer.userId, state: 'on-own-cycle' }),
    ]);
    for (const m of movers) {
      const mine = await getMyCycle(await at(m.userId, day1));
      expect(mine.cycle).toMatchObject({ startDate: '2026-03-04', day: 1, mode: 'forgiving' });
    }
    // The Day 1 check-in went with the move; the board agrees with My Cycle.
    const moved = seen.cycle!.board.find((e) => e.userId === movers[3].userId)!;
    expect(moved).toMatchObject({
      day: 1,
      checkins: 1,
      consistency: 100,
      streak: 1,
      today: 'checked-in',
    });
    expect((await activeCycleOf(stayer.userId)).id).toBe(stayerCycle.id);

    // A member on the crew cycle can't change the mode the crew set.
    expect(await status(setStreakMode(await at(owner.userId, day1), { mode: 'strict' }))).toEqual({
      code: 'validation_failed',
      message: msg.crewCycleModeHeld('Dawn Patrol'),
    });
  }, 120_000); // twenty members made one by one: on two shared cores, past the default 30 s

  it('waits for Day 1 to move a member who chose before it, then moves their Day 1 check-in with them', async () => {
    const owner = await member('Olive', 'Pacific/Auckland');
    const west = await member('Wes', 'America/Los_Angeles');
    const { crewId } = await crewOf('2026-03-01', owner, west);
    const { cycle } = await scheduleCrewCycle(await at(owner.userId, noon('2026-03-01')), {
      crewId,
      startDate: '2026-03-05',
      mode: 'forgiving',
      goalMinutes: 600,
    });
    const before = await activeCycleOf(west.userId);
    const chosen = await chooseOnCrewCycle(await at(west.userId, noon('2026-03-02')), {
      crewId,
      crewCycleId: cycle!.id,
      choice: 'move',
    });
    expect(chosen.cycle!.me.state).toBe('moving');
    expect((await activeCycleOf(west.userId)).id).toBe(before.id);

    // 5 Mar 08:00 in Los Angeles (16:00 UTC): a check-in on the old cycle, then the switch.
    const dayOne = new Date('2026-03-05T16:00:00Z');
    await checkIn(west.userId, dayOne);
    expect(await switchWaitingMoves(t.system('crew-cycles', () => dayOne))).toBeGreaterThanOrEqual(
      1,
    );
    const after = await activeCycleOf(west.userId);
    expect(after).toMatchObject({ startDate: '2026-03-05', checkinCount: 1 });
    expect(after.id).not.toBe(before.id);
    const seen = await getCrewCycleState(await at(owner.userId, dayOne), { crewId });
    expect(seen.cycle!.board.map((e) => [e.displayName, e.today])).toEqual([['Wes', 'checked-in']]);
    expect(seen.cycle!.goal).toMatchObject({ minutes: 600, doneMinutes: 30, percent: 5 });
  });
  it('moves a member whose Day 1 has begun though a batch of members whose Day 1 has not comes first', async () => {
    const owner = await member('Olive');
    // Two members; the one read first (by id) waits in Los Angeles, the other is in Auckland.
    const pair = [await member('Uma'), await member('Vic')];
    const byId = await queryRows<{ id: string }>(
      t.deps.db,
      sql`select id from "user" where id in (${pair[0].userId}, ${pair[1].userId}) order by id`,
    );
    const [first, second] = byId.map(({ id }) => pair.find((m) => m.userId === id)!);
    for (const [m, zone] of [
      [first, 'America/Los_Angeles'],
      [second, 'Pacific/Auckland'],
    ] as const)
      await t.deps.db
        .update(userSettings)
        .set({ timezone: zone })
        .where(eq(userSettings.userId, m.userId));
    const { crewId } = await crewOf('2026-03-01', owner, first, second);
    const { cycle } = await scheduleCrewCycle(await at(owner.userId, noon('2026-03-01')), {
      crewId,
      startDate: '2026-03-05',
      mode: 'forgiving',
      goalMinutes: null,
    });
    for (const m of [first, second])
      await chooseOnCrewCycle(await at(m.userId, noon('2026-03-02')), {
        crewId,
        crewCycleId: cycle!.id,
        choice: 'move',
      });

    // 5 Mar 00:30 UTC: 13:30 on Day 1 in Auckland, still 4 Mar in Los Angeles. One move a batch.
    const moved = await switchWaitingMoves(
      t.system('crew-cycles', () => new Date('2026-03-05T00:30:00Z')),
      { crewCycleId: cycle!.id, batch: 1 },
    );
    expect(moved).toBe(1);
    expect((await activeCycleOf(second.userId)).startDate).toBe('2026-03-05');
    expect((await activeCycleOf(first.userId)).startDate).not.toBe('2026-03-05');
  });
});

describe('the joining window (issue 44)', () => {
  it('lets a member join and move until 23:59 on Day 3 in their zone, says "joined Day 3", and refuses at 00:01 on Day 4', async () => {
    const owner = await member('Olive');
    // The link lives 7 days: made on 4 Mar, it still works on Day 4.
    const { crewId, token } = await crewOf('2026-03-04', owner);
    const { cycle } = await scheduleCrewCycle(await at(owner.userId, noon('2026-03-04')), {
      crewId,
      startDate: '2026-03-06',
      mode: 'forgiving',
      goalMinutes: null,
    });
    await chooseOnCrewCycle(await at(owner.userId, noon('2026-03-06')), {
      crewId,
      crewCycleId: cycle!.id,
      choice: 'move',
    });
    // Day 3 is 8 Mar, when New York springs forward: 23:59 EDT is 03:59 UTC on 9 Mar.
    const late = await member('Lena', 'America/New_York');
    const lastMinute = new Date('2026-03-09T03:59:00Z');
    await joinByInvite(await at(late.userId, lastMinute), { token });
    const moved = await chooseOnCrewCycle(await at(late.userId, lastMinute), {
      crewId,
      crewCycleId: cycle!.id,
      choice: 'move',
    });
    expect(moved.cycle!.board.find((e) => e.isMe)).toMatchObject({ joinedDay: 3, day: 1 });

    const tooLate = await member('Toby', 'America/New_York');
    const firstMinute = new Date('2026-03-09T04:01:00Z');
    const preview = await previewInvite(await at(tooLate.userId, firstMinute), { token });
    expect(preview).toMatchObject({
      ok: false,
      reason: 'cycle-closed',
      message: msg.crewCycleWindowClosed,
      cycle: { closed: true, next: null },
    });
    expect(await status(joinByInvite(await at(tooLate.userId, firstMinute), { token }))).toEqual({
      code: 'conflict',
      message: msg.crewCycleWindowClosed,
    });
  });
});

describe('the crew streak and the board (issue 44)', () => {
  it('counts the days everyone is in, waits for a member not in yet today, and never breaks before the day ends', async () => {
    const owner = await member('Olive');
    const sam = await member('Sam');
    const { crewId } = await movedOnTwoMarch(owner, sam);
    for (const date of ['2026-03-02', '2026-03-03']) {
      await checkIn(owner.userId, noon(date));
      await checkIn(sam.userId, noon(date));
    }
    await checkIn(owner.userId, noon('2026-03-04'));
    const view = (await getCrewCycleState(await at(owner.userId, noon('2026-03-04')), { crewId }))
      .cycle!;
    expect(view.crewStreak).toEqual({
      days: 2,
      longest: 2,
      todayCounted: false,
      waitingFor: [{ userId: sam.userId, displayName: 'Sam' }],
    });
    expect(view.board.find((e) => e.userId === sam.userId)).toMatchObject({
      today: 'not-yet',
      waiting: true,
      day: 3,
      streak: 2,
    });
    await checkIn(sam.userId, noon('2026-03-04'));
    const all = (await getCrewCycleState(await at(owner.userId, noon('2026-03-04')), { crewId }))
      .cycle!;
    expect(all.crewStreak).toMatchObject({ days: 3, todayCounted: true, waitingFor: [] });
    // Sam misses 5 Mar and checks in on 6 Mar: his own streak forgives it, the crew streak does not.
    await checkIn(owner.userId, noon('2026-03-05'));
    await checkIn(owner.userId, noon('2026-03-06'));
    await checkIn(sam.userId, noon('2026-03-06'));
    const after = (await getCrewCycleState(await at(owner.userId, noon('2026-03-06')), { crewId }))
      .cycle!;
    expect(after.board.find((e) => e.userId === sam.userId)).toMatchObject({ streak: 4 });
    expect(after.crewStreak).toMatchObject({ days: 1, longest: 3 });
  });
});

describe('leaving and authorization (issue 44)', () => {
  it('keeps a leaving owner’s cycle running solo, hands the crew on, and answers 404 to anyone not in the crew', async () => {
    const owner = await member('Olive');
    const sam = await member('Sam');
    const stranger = await member('Xander');
    const { crewId, crewCycleId } = await movedOnTwoMarch(owner, sam);
    const ownersCycle = await activeCycleOf(owner.userId);

    await removeMember(await at(owner.userId, noon('2026-03-05')), {
      crewId,
      userId: owner.userId,
    });
    expect((await activeCycleOf(owner.userId)).id).toBe(ownersCycle.id);
    const seen = await getCrewCycleState(await at(sam.userId, noon('2026-03-05')), { crewId });
    expect(seen.cycle!.board.map((e) => [e.displayName, e.isOwner])).toEqual([['Sam', true]]);

    const notFound = { code: 'not_found', message: msg.crewNotFound };
    for (const outsider of [stranger, owner]) {
      const ctx: ServiceContext = await at(outsider.userId, noon('2026-05-30'));
      expect(await status(getCrewCycleState(ctx, { crewId }))).toEqual(notFound);
      expect(await status(getCrewCycleFinale(ctx, { crewId, crewCycleId }))).toEqual(notFound);
      expect(await status(chooseOnCrewCycle(ctx, { crewId, crewCycleId, choice: 'move' }))).toEqual(
        notFound,
      );
      expect(
        await status(changeCrewCycleRules(ctx, { crewId, crewCycleId, mode: 'strict' })),
      ).toEqual(notFound);
    }
    const finale = await getCrewCycleFinale(await at(sam.userId, noon('2026-05-30')), {
      crewId,
      crewCycleId,
    });
    expect(finale.members.map((m) => m.displayName)).toEqual(['Sam']);
    expect((finale satisfies { crewName: string }).crewName).toBe('Dawn Patrol');
    const state: CrewCycleState = await getCrewCycleState(
      await at(sam.userId, noon('2026-05-30')),
      { crewId },
    );
    expect(state.cycle).toMatchObject({ phase: 'running', finaleReady: true, crewDay: 90 });
  });
});
