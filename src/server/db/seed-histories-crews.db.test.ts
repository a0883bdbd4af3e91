import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';
import { getCrewCycleState } from '../modules/crew-cycles/state';
import { getMyCycle } from '../modules/cycles/service';
import { crews } from './schema';
import { HistoriesError, historyMemberId, parseHistories } from './seed-histories';
import { writeHistories } from './seed-histories-write';

// Issue 44: a crew in the --histories file takes "cycleStart" (days from today's date in UTC) and
// "mode"; each member's history starts on their Day 1 in their own zone, or on their join day.

const t = setUpTestApp();
// 20:00 UTC on Sunday 29 November: 13:00 in Denver, 10:00 in Honolulu, 21:00 in Berlin.
const NOW = new Date('2026-11-29T20:00:00Z');

const histories = {
  members: [
    { email: 'dana@example.test', name: 'Dana', timeZone: 'America/Denver', history: 'x' },
    { email: 'hale@example.test', name: 'Hale', timeZone: 'Pacific/Honolulu', history: 'x' },
    { email: 'bea@example.test', name: 'Bea', timeZone: 'Europe/Berlin', history: 'x' },
    {
      email: 'lena@example.test',
      name: 'Lena',
      timeZone: 'Europe/Berlin',
      history: '',
      joinedOnDay: 2,
    },
    { email: 'omar@example.test', name: 'Omar', timeZone: 'UTC', history: 'xxxx' },
  ],
  crews: [
    {
      name: 'Dawn Patrol',
      owner: 'dana@example.test',
      members: ['hale@example.test', 'bea@example.test', 'lena@example.test'],
      cycleStart: -1,
      mode: 'strict',
    },
    { name: 'Later Crew', owner: 'omar@example.test', members: [], cycleStart: 5 },
  ],
};

const write = async (file: object) =>
  writeHistories(
    { db: t.deps.db, storage: null, ffmpegPath: null },
    parseHistories(JSON.stringify(file)),
    NOW,
  );

describe('crew cycles in the histories file (issue 44)', () => {
  it('starts every member of a started crew cycle on its Day 1 in their own zone, a late joiner on their join day, and schedules the others', async () => {
    await write(histories);
    const [dawn, later] = await t.deps.db
      .select({ id: crews.id, name: crews.name })
      .from(crews)
      .where(inArray(crews.name, ['Dawn Patrol', 'Later Crew']))
      .orderBy(asc(crews.name));
    expect([dawn.name, later.name]).toEqual(['Dawn Patrol', 'Later Crew']);

    const ctx = await t.contextFor(historyMemberId('dana@example.test'), { now: NOW });
    const state = await getCrewCycleState(ctx, { crewId: dawn.id });
    expect(state.cycle).toMatchObject({
      startDate: '2026-11-28',
      mode: 'strict',
      phase: 'running',
      crewDay: 2,
      rulesLocked: true,
      joinWindow: { open: true },
      crewStreak: { days: 1, todayCounted: false },
    });
    expect(
      state.cycle!.board.map((e) => [e.displayName, e.day, e.joinedDay, e.strict, e.today]),
    ).toEqual([
      ['Bea', 2, null, true, 'not-yet'],
      ['Dana', 2, null, true, 'not-yet'],
      ['Hale', 2, null, true, 'not-yet'],
      ['Lena', 1, 2, true, 'not-yet'],
    ]);
    for (const email of ['dana@example.test', 'hale@example.test', 'bea@example.test']) {
      const mine = await getMyCycle(await t.contextFor(historyMemberId(email), { now: NOW }));
      expect(mine.cycle).toMatchObject({ startDate: '2026-11-28', day: 2, mode: 'strict' });
    }

    const omar = await t.contextFor(historyMemberId('omar@example.test'), { now: NOW });
    const scheduled = await getCrewCycleState(omar, { crewId: later.id });
    expect(scheduled.cycle).toMatchObject({
      startDate: '2026-12-04',
      mode: 'forgiving',
      phase: 'scheduled',
      board: [],
      me: { state: 'undecided' },
    });
    expect((await getMyCycle(omar)).cycle).toMatchObject({ startDate: '2026-11-25', day: 5 });
  });

  it('names a history that runs past yesterday, a joinedOnDay off any started crew cycle, and a mode without a start', async () => {
    const problem = async (file: object) =>
      write(file).then(
        () => 'written',
        (error: Error) => (error instanceof HistoriesError ? error.message : `${error}`),
      );
    const one = (member: object, crew: object = {}) => ({
      members: [{ email: 'x@example.test', name: 'X', timeZone: 'UTC', history: 'xx', ...member }],
      crews: [{ name: 'C', owner: 'x@example.test', cycleStart: -1, ...crew }],
    });
    expect(await problem(one({}))).toBe(
      'members[0].history: 2 letters from 2026-11-28 run past yesterday (2026-11-28 in UTC)',
    );
    expect(await problem(one({ joinedOnDay: 2 }, { cycleStart: 3 }))).toBe(
      'members[0].joinedOnDay: x@example.test is on no crew cycle that has started',
    );
    expect(await problem(one({}, { cycleStart: undefined, mode: 'strict' }))).toBe(
      "crews[0].mode: a crew's mode goes with its cycleStart",
    );
    expect(await problem(one({ history: 'x' }, { cycles: 2 }))).toBe(
      'crews[0]: unknown field "cycles"',
    );
  });
});
