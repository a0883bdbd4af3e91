import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cyclePosition } from './cycle-position';
import {
  crewCycleLastDate,
  crewCyclePhase,
  crewDayOn,
  crewStreak,
  joinedDay,
  joinWindowClosesAt,
  joinWindowOpen,
  movedCycleStart,
  rulesLockAt,
  startDateAllowed,
  startOfLocalDate,
  type CrewStreakMember,
} from './crew-cycle';
import { streakSummary, type StreakHistory } from './forgiving-streak';
import { addDays, localDateIn, type LocalDate } from './local-date';

/** Zones from UTC-10 to UTC+14, with half and quarter hours and both hemispheres' summer times. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/New_York',
  'America/St_Johns',
  'America/Sao_Paulo',
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];
const zone = fc.constantFrom(...ZONES);
/** Any minute of 2026 (the start dates below run through it). */
const instants = fc
  .integer({ min: 0, max: 365 * 24 * 60 })
  .map((minute) => new Date(Date.parse('2026-01-01T00:00:00Z') + minute * 60_000));
const startDates = fc.integer({ min: 0, max: 364 }).map((n): LocalDate => addDays('2026-01-01', n));

describe('Day 1 in every zone', () => {
  it('gives two members in any two zones the same day for the same calendar date, and the My Cycle day of a cycle moved to it', () => {
    fc.assert(
      fc.property(startDates, zone, zone, instants, (start, a, b, now) => {
        const todayA = localDateIn(now, a);
        const todayB = localDateIn(now, b);
        const dayA = crewDayOn(start, todayA);
        const dayB = crewDayOn(start, todayB);
        // Each member's Day 1 is the start date in their own zone.
        expect(dayA === 1).toBe(todayA === start);
        expect(dayB === 1).toBe(todayB === start);
        // At one instant two zones are at most one calendar date apart, so at most one day apart.
        if (dayA !== null && dayB !== null) expect(Math.abs(dayA - dayB)).toBeLessThanOrEqual(1);
        if (todayA === todayB) expect(dayA).toBe(dayB);
        // A member who moved before Day 1 counts the crew's days on My Cycle.
        const mine = movedCycleStart(start, addDays(start, -5));
        const position = cyclePosition(mine, [], todayA);
        if (dayA !== null && dayA <= 90) expect(position.day).toBe(dayA);
        if (dayA === null) expect(position.started).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('begins Day 1 in every zone at or after the instant the rules lock, and never more than 26 hours after it', () => {
    fc.assert(
      fc.property(startDates, zone, (start, z) => {
        const lock = rulesLockAt(start).getTime();
        const dayOne = startOfLocalDate(start, z).getTime();
        expect(dayOne).toBeGreaterThanOrEqual(lock);
        expect(dayOne - lock).toBeLessThanOrEqual(26 * 3_600_000);
        expect(localDateIn(new Date(dayOne), z)).toBe(start);
        expect(localDateIn(new Date(dayOne - 60_000), z)).toBe(addDays(start, -1));
      }),
      { numRuns: 1000 },
    );
  });

  it('is scheduled until the rules lock, a countdown until the member’s own Day 1, running for 90 dates, then finished', () => {
    const start = '2026-12-01';
    const at = (iso: string) => new Date(iso);
    // Kiritimati (UTC+14) begins 1 Dec at 10:00 UTC on 30 Nov.
    expect(rulesLockAt(start).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(crewCyclePhase(start, '2026-11-30', at('2026-11-30T09:59:00Z'))).toBe('scheduled');
    expect(crewCyclePhase(start, '2026-11-30', at('2026-11-30T10:00:00Z'))).toBe('countdown');
    expect(crewCyclePhase(start, start, at('2026-12-01T12:00:00Z'))).toBe('running');
    expect(crewCyclePhase(start, crewCycleLastDate(start), at('2027-02-28T12:00:00Z'))).toBe(
      'running',
    );
    expect(crewCycleLastDate(start)).toBe('2027-02-28');
    expect(crewCyclePhase(start, '2027-03-01', at('2027-03-01T12:00:00Z'))).toBe('finished');
  });

  it('lets an owner choose today up to 60 days ahead', () => {
    expect(startDateAllowed('2026-11-29', '2026-11-29')).toBe(true);
    expect(startDateAllowed('2027-01-28', '2026-11-29')).toBe(true);
    expect(startDateAllowed('2027-01-29', '2026-11-29')).toBe(false);
    expect(startDateAllowed('2026-11-28', '2026-11-29')).toBe(false);
  });
});

describe('the joining window', () => {
  const local = (iso: string) => new Date(iso);

  it('is open at 23:59 on Day 3 and closed at 00:01 on Day 4, on a spring-forward Day 3 (New York, 8 Mar 2026)', () => {
    const start = '2026-03-06';
    const z = 'America/New_York';
    // 23:59 EDT on 8 Mar is 03:59 UTC on 9 Mar; 00:01 on 9 Mar is 04:01 UTC.
    const before = local('2026-03-09T03:59:00Z');
    const after = local('2026-03-09T04:01:00Z');
    expect(joinWindowOpen(start, localDateIn(before, z))).toBe(true);
    expect(joinWindowOpen(start, localDateIn(after, z))).toBe(false);
    expect(joinWindowClosesAt(start, z).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(joinedDay(start, movedCycleStart(start, localDateIn(before, z)))).toBe(3);
  });

  it('is open at 23:59 on Day 3 and closed at 00:01 on Day 4, on a fall-back Day 3 (Berlin, 25 Oct 2026)', () => {
    const start = '2026-10-23';
    const z = 'Europe/Berlin';
    // 23:59 CET (UTC+1) on 25 Oct is 22:59 UTC; the day was 25 hours long.
    expect(joinWindowOpen(start, localDateIn(local('2026-10-25T22:59:00Z'), z))).toBe(true);
    expect(joinWindowOpen(start, localDateIn(local('2026-10-25T23:01:00Z'), z))).toBe(false);
    expect(joinWindowClosesAt(start, z).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('closes at the end of Day 3 in each joiner’s own zone', () => {
    fc.assert(
      fc.property(startDates, zone, instants, (start, z, now) => {
        const open = joinWindowOpen(start, localDateIn(now, z));
        expect(open).toBe(now.getTime() < joinWindowClosesAt(start, z).getTime());
      }),
      { numRuns: 1000 },
    );
  });

  it('counts a late joiner from their own first day: "joined Day 2"', () => {
    expect(movedCycleStart('2026-12-01', '2026-11-20')).toBe('2026-12-01');
    expect(joinedDay('2026-12-01', movedCycleStart('2026-12-01', '2026-11-20'))).toBeNull();
    expect(joinedDay('2026-12-01', movedCycleStart('2026-12-01', '2026-12-02'))).toBe(2);
  });
});

/** A member on the crew cycle from a written history (x in, . missed, p paused, r rest), today after it. */
function member(history: string, options: { start?: LocalDate; rest?: number[] } = {}) {
  const start = options.start ?? CREW_START;
  const h: StreakHistory = {
    startDate: start,
    mode: 'forgiving',
    checkins: [...history].flatMap((c, i) => (c === 'x' ? [addDays(start, i)] : [])),
    pauses: [...history].flatMap((c, i) =>
      c === 'p' ? [{ start: addDays(start, i), end: addDays(start, i) }] : [],
    ),
    restPlans: options.rest ? [{ from: start, weekdays: options.rest }] : [],
  };
  const today = addDays(start, history.length);
  return {
    h,
    m: { summary: streakSummary(h, today), cycleStart: start, today } satisfies CrewStreakMember,
    checkInToday: (): CrewStreakMember => ({
      summary: streakSummary({ ...h, checkins: [...h.checkins, today] }, today),
      cycleStart: start,
      today,
    }),
  };
}
const CREW_START = '2026-11-02'; // a Monday

describe('the crew streak', () => {
  it('counts the days everyone checked in, rested or was paused', () => {
    const a = member('xxxx');
    const b = member('xpxx');
    const c = member('xxxxxr', { rest: [6] }).m; // rests on Saturday 7 Nov
    const streak = crewStreak(CREW_START, [a.m, b.m]);
    expect(streak.days).toBe(4);
    expect(streak.todayCounted).toBe(false);
    expect(streak.waiting).toEqual([0, 1]);
    expect(crewStreak(CREW_START, [c]).days).toBe(6);
  });

  it('adds today once everyone is in, and never breaks before today ends', () => {
    const a = member('xxx');
    const b = member('xxx');
    expect(crewStreak(CREW_START, [a.checkInToday(), b.m])).toMatchObject({
      days: 3,
      todayCounted: false,
      waiting: [1],
    });
    expect(crewStreak(CREW_START, [a.checkInToday(), b.checkInToday()])).toMatchObject({
      days: 4,
      todayCounted: true,
      waiting: [],
    });
  });

  it('is broken by a grace day, even one the member’s own streak forgives', () => {
    const a = member('xxxxxx');
    const b = member('xx.xxx');
    expect(b.m.summary.days[2].mark).toBe('grace');
    expect(crewStreak(CREW_START, [a.m, b.m])).toMatchObject({ days: 3, longest: 3 });
  });

  it('asks nothing of a late joiner before their own first day', () => {
    const founder = member('xxxxx');
    const late = member('xxxx', { start: addDays(CREW_START, 1) });
    expect(joinedDay(CREW_START, late.m.cycleStart)).toBe(2);
    expect(crewStreak(CREW_START, [founder.m, late.m]).days).toBe(5);
  });

  it('waits for a member in a zone behind: their today is neither counted nor a break', () => {
    const east = member('xxxx'); // on Day 5
    const west = member('xxx'); // still on Day 4, not in yet
    expect(crewStreak(CREW_START, [east.checkInToday(), west.m])).toMatchObject({
      days: 3,
      waiting: [1],
    });
    // West's today (Day 4) is in: counted; east's Day 5 waits for west's Day 5 to come.
    expect(crewStreak(CREW_START, [east.checkInToday(), west.checkInToday()])).toMatchObject({
      days: 4,
      todayCounted: true,
    });
  });

  it('never exceeds the days so far, nor the days since anyone’s last miss', () => {
    const history = fc
      .array(fc.constantFrom('x', 'x', 'x', '.', 'p'), { minLength: 1, maxLength: 40 })
      .map((days) => days.join(''));
    fc.assert(
      fc.property(fc.array(history, { minLength: 1, maxLength: 5 }), (histories) => {
        const n = Math.min(...histories.map((h) => h.length));
        const members = histories.map((h) => member(h.slice(0, n)).m);
        const streak = crewStreak(CREW_START, members);
        expect(streak.days).toBeLessThanOrEqual(n);
        expect(streak.longest).toBeGreaterThanOrEqual(streak.days);
        // The crew streak never outlasts the shortest run of days anyone kept without a miss.
        const lastMiss = Math.max(...histories.map((h) => h.slice(0, n).lastIndexOf('.')));
        expect(streak.days).toBeLessThanOrEqual(n - 1 - lastMiss);
      }),
      { numRuns: 500 },
    );
  });
});
