import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';
import { getCrewCycleFinale } from '../modules/crew-cycles/finale';
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

const write = async (file: object, storage: typeof t.deps.storage | null = null) =>
  writeHistories(
    { db: t.deps.db, storage, ffmpegPath: null },
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

  it("finishes a crew cycle whose Day 90 was yesterday, with its goal and each member's Day 1 and Day 90 proof photos in the audience they chose", async () => {
    const everyDay = 'x'.repeat(90);
    const member = (key: string, proofPhotos: object) => ({
      email: `${key}@finale.test`,
      name: key,
      timeZone: 'UTC',
      history: everyDay,
      proofPhotos,
    });
    const written = await write(
      {
        members: [
          member('noor', { '1': 'public', '90': { crew: 'Photo Finish' } }),
          member('ola', { '1': { crew: 'Photo Finish' }, '90': 'public' }),
          // Kept to herself: no one else sees them.
          member('pia', { '1': 'private', '90': 'private' }),
          // Shared with another crew, which Photo Finish's members are not in.
          member('quinn', { '1': { crew: 'Side Crew' }, '90': { crew: 'Side Crew' } }),
          { email: 'rae@finale.test', name: 'rae', timeZone: 'UTC', history: 'x' },
        ],
        crews: [
          {
            name: 'Photo Finish',
            owner: 'noor@finale.test',
            members: ['ola@finale.test', 'pia@finale.test', 'quinn@finale.test'],
            cycleStart: -90,
            goalMinutes: 12_000,
          },
          { name: 'Side Crew', owner: 'rae@finale.test', members: ['quinn@finale.test'] },
        ],
      },
      t.deps.storage,
    );
    expect(written).toMatchObject({ members: 5, photos: 8, crews: 2 });
    const [crew] = await t.deps.db
      .select({ id: crews.id })
      .from(crews)
      .where(inArray(crews.name, ['Photo Finish']));
    const noor = await t.contextFor(historyMemberId('noor@finale.test'), { now: NOW });
    const state = await getCrewCycleState(noor, { crewId: crew.id });
    expect(state.cycle).toMatchObject({
      startDate: '2026-08-31',
      lastDate: '2026-11-28',
      phase: 'finished',
      goalMinutes: 12_000,
    });
    const finale = await getCrewCycleFinale(noor, {
      crewId: crew.id,
      crewCycleId: state.cycle!.id,
    });
    // Four members x 90 check-ins x 30 move minutes.
    expect(finale.goal).toMatchObject({ minutes: 12_000, doneMinutes: 10_800, reached: false });
    const photos = Object.fromEntries(
      finale.members.map((m) => [
        m.displayName,
        [m.checkins, m.dayOnePhoto?.date ?? null, m.dayNinetyPhoto?.date ?? null],
      ]),
    );
    expect(photos).toEqual({
      noor: [90, '2026-08-31', '2026-11-28'],
      ola: [90, '2026-08-31', '2026-11-28'],
      pia: [90, null, null],
      quinn: [90, null, null],
    });
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
    expect(await problem(one({ history: 'x' }, { cycleStart: undefined, goalMinutes: 900 }))).toBe(
      "crews[0].goalMinutes: a crew's goalMinutes goes with its cycleStart",
    );
    expect(await problem(one({ history: 'x', proofPhotos: { '1': { crew: 'Other' } } }))).toBe(
      'members[0].proofPhotos: Day 1 is shared with "Other", not one of x@example.test\'s crews in the file',
    );
    expect(
      await problem(
        one({ history: 'x', photos: { '1': 'front' }, proofPhotos: { '1': 'public' } }),
      ),
    ).toBe('members[0].proofPhotos: Day 1 has a progress photo already (photos)');
    expect(await problem(one({ history: 'x', proofPhotos: { '2': 'public' } }))).toBe(
      'members[0].proofPhotos: Day 2 has no check-in (x)',
    );
    expect(await problem(one({ history: 'x', proofPhotos: { '1': 'crew' } }))).toMatch(
      /^members\[0\]\.proofPhotos\.1: /,
    );
  });
});
