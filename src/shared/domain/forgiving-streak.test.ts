import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CYCLE_LENGTH_DAYS, PAUSE_DAYS_PER_CYCLE, type StreakMode } from '../constants';
import { consistencyScore } from './consistency';
import { cycleDay } from './cycle-day';
import { cyclePosition, dateOfDay, keptStreakOn, pauseSpans } from './cycle-position';
import {
  isoWeekday,
  nextMonday,
  streakOutlook,
  streakSummary,
  streakSummaryAt,
  type PauseSpan,
  type RestPlan,
  type StreakHistory,
} from './forgiving-streak';
import { addDays, daysBetween, localDateIn, type LocalDate } from './local-date';
import { currentStreak, longestStreak } from './streaks';

const START = '2026-11-02'; // a Monday

/**
 * A history written as the seeding file writes it, from the cycle's first day to yesterday: x checked
 * in, . missed, p paused, r a rest day not checked in. Today is the day after.
 */
function written(
  history: string,
  options: { mode?: StreakMode; restDays?: number[]; start?: LocalDate } = {},
) {
  const start = options.start ?? START;
  const checkins: LocalDate[] = [];
  const pauses: PauseSpan[] = [];
  [...history].forEach((c, i) => {
    const date = addDays(start, i);
    if (c === 'x') checkins.push(date);
    if (c === 'p') pauses.push({ start: date, end: date });
  });
  const h: StreakHistory = {
    startDate: start,
    mode: options.mode ?? 'forgiving',
    checkins,
    pauses,
    restPlans: options.restDays ? [{ from: start, weekdays: options.restDays }] : [],
  };
  return { history: h, today: addDays(start, history.length) };
}

const summaryOf = (history: string, options?: Parameters<typeof written>[1]) => {
  const w = written(history, options);
  return streakSummary(w.history, w.today);
};

describe('the grace day', () => {
  it('forgives one missed day when the next day is checked in', () => {
    const s = summaryOf('xxxxxxxxxx.x');
    expect(s.currentStreak).toBe(11);
    expect(s.days[10]).toMatchObject({ day: 11, mark: 'grace' });
    expect(s.atRisk).toBe(false);
    // A grace day is a miss in consistency: 11 of 13 days so far (today included).
    expect(s.consistency).toBe(Math.round((11 / 13) * 100));
  });

  it('keeps the streak at risk until the next day ends', () => {
    const s = summaryOf('xxxxx.');
    expect(s.currentStreak).toBe(5);
    expect(s.atRisk).toBe(true);
    expect(s.atRiskDate).toBe(addDays(START, 5));
    expect(s.days[5].mark).toBe('missed');
    expect(s.days[6].mark).toBe('today');
  });

  it('ends the streak on two missed days in a row', () => {
    expect(summaryOf('xxxxx..').currentStreak).toBe(0);
    expect(summaryOf('xxxxx..x').currentStreak).toBe(1);
    expect(summaryOf('xxxxx..x').days[5].mark).toBe('missed');
  });

  it('forgives one miss in any 7 days', () => {
    // Misses on days 4 and 8: the second falls in the first's 7 days.
    expect(summaryOf('xxx.xxx.x').currentStreak).toBe(1);
    // Misses on days 4 and 11: seven days apart, both forgiven.
    expect(summaryOf('xxx.xxxxxx.x').currentStreak).toBe(10);
  });

  it('is none in strict mode: any miss restarts the streak', () => {
    expect(summaryOf('xxxxxxxxxx.x', { mode: 'strict' }).currentStreak).toBe(1);
    expect(summaryOf('xxxxx.', { mode: 'strict' })).toMatchObject({
      currentStreak: 0,
      atRisk: false,
    });
  });
});

describe('rest days', () => {
  it('keep the streak without adding to it, and leave consistency', () => {
    // Sundays (7) rest: 2026-11-08 is the 7th day.
    const s = summaryOf('xxxxxxrxxxxxxr', { restDays: [7] });
    expect(s.currentStreak).toBe(12);
    expect(s.days[6].mark).toBe('rest');
    expect(s.countedDays).toBe(13); // 15 days so far, today included, less 2 rest days
    expect(s.consistency).toBe(92);
  });

  it('count as a check-in when checked in', () => {
    expect(summaryOf('xxxxxxx', { restDays: [7] }).currentStreak).toBe(7);
  });

  it('are misses in strict mode', () => {
    expect(summaryOf('xxxxxxrx', { restDays: [7], mode: 'strict' }).currentStreak).toBe(1);
  });

  it('change from the Monday after: the current week keeps the old plan', () => {
    const plans: RestPlan[] = [
      { from: START, weekdays: [7] },
      { from: nextMonday('2026-11-11'), weekdays: [3] }, // saved on a Wednesday
    ];
    const history: StreakHistory = {
      startDate: START,
      mode: 'forgiving',
      checkins: [],
      restPlans: plans,
    };
    const s = streakSummary(history, addDays(START, 20));
    expect(s.days.filter((d) => d.mark === 'rest').map((d) => d.date)).toEqual([
      '2026-11-08',
      '2026-11-15',
      '2026-11-18',
    ]);
  });
});

describe('pauses', () => {
  it('stop the day numbers, move the last day later and keep the streak', () => {
    const s = summaryOf('xxxxxpppxx');
    expect(s.days.map((d) => d.day).slice(0, 10)).toEqual([1, 2, 3, 4, 5, null, null, null, 6, 7]);
    expect(s.day).toBe(8);
    expect(s.currentStreak).toBe(7);
    expect(s.lastDate).toBe(addDays(START, CYCLE_LENGTH_DAYS + 3 - 1));
    expect(s.consistency).toBe(Math.round((7 / 8) * 100));
  });

  it('show the day before while today is paused', () => {
    const w = written('xxxx');
    w.history = { ...w.history, pauses: [{ start: w.today, end: addDays(w.today, 2) }] };
    const s = streakSummary(w.history, w.today);
    expect(s).toMatchObject({ paused: true, day: 4, currentStreak: 4, atRisk: false });
  });

  it('count at most 7 days in a cycle', () => {
    const s = summaryOf('pppppppppx');
    expect(s.days.filter((d) => d.mark === 'paused')).toHaveLength(PAUSE_DAYS_PER_CYCLE);
    expect(s.days[7]).toMatchObject({ day: 1, mark: 'missed' });
  });
});

describe('a complete cycle', () => {
  it('stands as it did on day 90', () => {
    const s = summaryOf('x'.repeat(90) + '...');
    expect(s).toMatchObject({ complete: true, day: 90, currentStreak: 90, atRisk: false });
    expect(s.badgeDays).toEqual([7, 21, 45, 60, 90]);
  });
});

describe('dates', () => {
  it('knows ISO weekdays and the next Monday', () => {
    expect(isoWeekday('2026-11-02')).toBe(1);
    expect(isoWeekday('2026-11-08')).toBe(7);
    expect(nextMonday('2026-11-02')).toBe('2026-11-09');
    expect(nextMonday('2026-11-08')).toBe('2026-11-09');
    expect(nextMonday('1969-12-31')).toBe('1970-01-05');
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random histories
// ---------------------------------------------------------------------------------------------------

const startDates = fc.integer({ min: 0, max: 4 * 365 }).map((n) => addDays('2024-01-01', n));

const restPlans = (start: LocalDate) =>
  fc.array(
    fc.record({
      from: fc.integer({ min: -10, max: 100 }).map((n) => addDays(start, n)),
      weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 2 }),
    }),
    { maxLength: 3 },
  );

const pauses = (start: LocalDate) =>
  fc.array(
    fc
      .record({ at: fc.integer({ min: 0, max: 100 }), length: fc.integer({ min: 1, max: 9 }) })
      .map(({ at, length }) => ({
        start: addDays(start, at),
        end: addDays(start, at + length - 1),
      })),
    { maxLength: 3 },
  );

/** A history with check-ins up to `today` (never after it): runs with misses, or scattered days. */
const histories = (mode: fc.Arbitrary<StreakMode>, withPlans = true) =>
  startDates.chain((startDate) =>
    fc
      .record({
        startDate: fc.constant(startDate),
        mode,
        elapsed: fc.integer({ min: -2, max: CYCLE_LENGTH_DAYS + 12 }),
        pattern: fc.array(fc.constantFrom('x', 'x', 'x', '.'), { maxLength: 100 }),
        restPlans: withPlans ? restPlans(startDate) : fc.constant([]),
        pauses: withPlans ? pauses(startDate) : fc.constant([]),
      })
      .map(({ startDate, mode, elapsed, pattern, restPlans, pauses }) => {
        const today = addDays(startDate, elapsed);
        const checkins = pattern
          .map((c, i) => (c === 'x' ? addDays(startDate, i) : null))
          .filter((d): d is LocalDate => d !== null && d <= today);
        return { history: { startDate, mode, checkins, restPlans, pauses }, today };
      }),
  );

const modes = fc.constantFrom<StreakMode>('forgiving', 'strict');

describe('the rule, over random histories', () => {
  it('strict mode equals the old currentStreak, longest streak and consistency', () => {
    fc.assert(
      fc.property(histories(fc.constant('strict'), false), ({ history, today }) => {
        const s = streakSummary(history, today);
        const dayNumbers = history.checkins
          .map((d) => daysBetween(history.startDate, d) + 1)
          .filter((n) => n >= 1 && n <= CYCLE_LENGTH_DAYS);
        const day = cycleDay(history.startDate, today);
        expect(s.currentStreak).toBe(currentStreak(dayNumbers, day));
        expect(s.longestStreak).toBe(longestStreak(dayNumbers));
        expect(s.consistency).toBe(consistencyScore(dayNumbers.length, day));
        expect(s.day).toBe(day);
      }),
      { numRuns: 500 },
    );
  });

  it('never counts a forgiving streak beyond the check-ins of its run', () => {
    fc.assert(
      fc.property(histories(modes), ({ history, today }) => {
        const s = streakSummary(history, today);
        // The run starts after the last miss that is not forgiven (nor still at risk).
        let since = 0;
        s.days.forEach((d, i) => {
          if (d.mark === 'missed' && d.date !== s.atRiskDate) since = i + 1;
        });
        const inRun = s.days.slice(since).filter((d) => d.mark === 'done').length;
        expect(s.currentStreak).toBe(inRun);
        expect(s.currentStreak).toBeLessThanOrEqual(s.checkins);
        expect(s.longestStreak).toBeGreaterThanOrEqual(s.currentStreak);
      }),
      { numRuns: 500 },
    );
  });

  it('ends a forgiving streak on two missed days in a row', () => {
    fc.assert(
      fc.property(
        histories(fc.constant('forgiving')),
        fc.integer({ min: 0, max: 95 }),
        ({ history, today }, at) => {
          // Two days in a row that ask for a check-in, both missed, both before today.
          const first = addDays(history.startDate, at);
          const s0 = streakSummary(history, today);
          const asking = s0.days.filter((d) => d.day !== null && d.date >= first);
          fc.pre(asking.length >= 2 && asking[1].date < today);
          const [a, b] = asking;
          const emptied = {
            ...history,
            checkins: history.checkins.filter((d) => d !== a.date && d !== b.date),
            restPlans: [],
          };
          const s = streakSummary(emptied, today);
          const after = s.days.filter((d) => d.date > b.date && d.mark === 'done').length;
          expect(s.currentStreak).toBeLessThanOrEqual(after);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never makes a day count twice with a pause', () => {
    fc.assert(
      fc.property(histories(modes), ({ history, today }) => {
        const s = streakSummary(history, today);
        const numbered = s.days.filter((d) => d.day !== null).map((d) => d.day);
        expect(numbered).toEqual(Array.from({ length: CYCLE_LENGTH_DAYS }, (_, i) => i + 1));
        const paused = s.days.filter((d) => d.day === null);
        expect(paused.every((d) => d.mark === 'paused' || d.mark === 'upcoming')).toBe(true);
        expect(paused.length).toBeLessThanOrEqual(PAUSE_DAYS_PER_CYCLE);
        expect(new Set(s.days.map((d) => d.date)).size).toBe(s.days.length);
        // Without the pauses, the same check-ins never count fewer days or check-ins.
        const unpaused = streakSummary({ ...history, pauses: [] }, today);
        expect(s.checkins).toBeLessThanOrEqual(unpaused.checkins);
        expect(s.checkins).toBeLessThanOrEqual(s.countedDays);
      }),
      { numRuns: 500 },
    );
  });

  it('forgives at least as much as strict mode', () => {
    fc.assert(
      fc.property(histories(fc.constant('forgiving')), ({ history, today }) => {
        const forgiving = streakSummary(history, today);
        const strict = streakSummary({ ...history, mode: 'strict' }, today);
        expect(forgiving.currentStreak).toBeGreaterThanOrEqual(strict.currentStreak);
        expect(forgiving.longestStreak).toBeGreaterThanOrEqual(strict.longestStreak);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with its outlook on every later day, as boards read it in SQL', () => {
    fc.assert(
      fc.property(histories(modes), fc.integer({ min: 0, max: 12 }), ({ history }, later) => {
        const outlook = streakOutlook(history);
        const last = history.checkins.reduce((a, b) => (a > b ? a : b), history.startDate);
        const today = addDays(last, later);
        const s = streakSummary(history, today);
        const clamped = today < outlook.lastDate ? today : outlook.lastDate;
        const upTo = (dates: LocalDate[]) => dates.filter((d) => d <= clamped).length;
        const lived = Math.max(0, daysBetween(history.startDate, clamped) + 1);
        const day = Math.min(CYCLE_LENGTH_DAYS, Math.max(1, lived - upTo(outlook.pausedDates)));
        const counted = Math.max(0, lived - upTo(outlook.pausedDates)) - upTo(outlook.restDates);
        expect(s.day).toBe(day);
        expect(s.checkins).toBe(outlook.checkins);
        expect(s.countedDays).toBe(counted);
        expect(s.consistency).toBe(consistencyScore(outlook.checkins, counted));
        expect(keptStreakOn({ ...outlook }, today)).toEqual({
          streak: s.currentStreak,
          atRisk: s.atRisk,
        });
        expect(s.longestStreak).toBe(outlook.longestStreak);
      }),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Time zones: every IANA zone, daylight-saving changes, a member who moves
// ---------------------------------------------------------------------------------------------------

const ZONES = Intl.supportedValuesOf('timeZone');
const HOUR = 3_600_000;

/** The local dates lived hour by hour from `from` for `hours` hours, in the zone of each moment. */
function livedDates(from: number, hours: number, zoneAt: (instant: number) => string) {
  const order: LocalDate[] = [];
  const seen = new Set<LocalDate>();
  for (let h = 0; h < hours; h++) {
    const instant = from + h * HOUR;
    const date = localDateIn(new Date(instant), zoneAt(instant));
    if (!seen.has(date)) {
      seen.add(date);
      order.push(date);
    }
  }
  return order;
}

describe('the rule in every time zone', () => {
  it('counts each local day once across the daylight-saving changes, in every zone', () => {
    // Spring and autumn changes north and south of the equator fall within these windows.
    for (const window of ['2026-03-01T00:00:00Z', '2026-09-20T00:00:00Z']) {
      const from = Date.parse(window);
      for (const zone of ZONES) {
        const dates = livedDates(from, 50 * 24, () => zone);
        const first = dates[0];
        // Every local date lived once, none skipped: a member who checked in each one has them all.
        expect(dates, zone).toEqual(dates.map((_, i) => addDays(first, i)));
        const end = new Date(from + 50 * 24 * HOUR);
        const s = streakSummaryAt({ startDate: first, mode: 'strict', checkins: dates }, end, zone);
        expect(s.currentStreak, zone).toBe(dates.length);
        expect(s.day, zone).toBe(daysBetween(first, localDateIn(end, zone)) + 1);
      }
    }
  });

  it('forgives the date a flight east skips, and strict mode does not', () => {
    // Late on 10 March in Pago Pago (-11) is already 12 March in Kiritimati (+14): the 11th is never lived.
    const moved = Date.parse('2026-03-11T10:30:00Z'); // 23:30 on the 10th in Pago Pago
    const from = Date.parse('2026-03-01T12:00:00Z');
    const zoneAt = (instant: number) =>
      instant < moved ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const checkins = livedDates(from, 20 * 24, zoneAt);
    expect(checkins).not.toContain('2026-03-11');
    const end = new Date(from + 20 * 24 * HOUR);
    const history: StreakHistory = { startDate: checkins[0], mode: 'forgiving', checkins };
    const s = streakSummaryAt(history, end, 'Pacific/Kiritimati');
    expect(s.currentStreak).toBe(checkins.length);
    expect(s.days.find((d) => d.date === '2026-03-11')?.mark).toBe('grace');
    const strict = streakSummaryAt({ ...history, mode: 'strict' }, end, 'Pacific/Kiritimati');
    expect(strict.currentStreak).toBeLessThan(checkins.length);
  });

  it('keeps a forgiving streak for a member who moves to any zone mid-cycle', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 24, max: 40 * 24 }),
        fc.integer({ min: 0, max: 3 * 365 * 24 }),
        (before, after, movedAfter, startHour) => {
          const from = Date.parse('2025-01-01T00:00:00Z') + startHour * HOUR;
          const moved = from + movedAfter * HOUR;
          const zoneAt = (instant: number) => (instant < moved ? before : after);
          const hours = 60 * 24;
          // Checked in on every local date lived; a date lived twice (moving west) once only.
          const checkins = livedDates(from, hours, zoneAt);
          const startDate = checkins[0];
          const end = new Date(from + hours * HOUR);
          const history: StreakHistory = { startDate, mode: 'forgiving', checkins };
          const s = streakSummaryAt(history, end, after);
          expect(s.checkins).toBe(new Set(checkins).size);
          // Moving east skips at most one date: forgiven, as the next is checked in.
          expect(s.currentStreak).toBe(s.checkins);
          const strict = streakSummaryAt({ ...history, mode: 'strict' }, end, after);
          expect(strict.currentStreak).toBeLessThanOrEqual(s.currentStreak);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a cycle’s position from its paused dates alone', () => {
  it('is the rule’s day, last date and states, and finds each day’s date', () => {
    fc.assert(
      fc.property(histories(modes), ({ history, today }) => {
        const s = streakSummary(history, today);
        const { pausedDates } = streakOutlook(history);
        expect(cyclePosition(history.startDate, pausedDates, today)).toEqual({
          day: s.day,
          lastDate: s.lastDate,
          started: s.started,
          complete: s.complete,
          paused: s.paused,
        });
        for (const d of s.days)
          if (d.day !== null) expect(dateOfDay(history.startDate, pausedDates, d.day)).toBe(d.date);
        const spans = pauseSpans(pausedDates);
        expect(spans.flatMap((p) => [p.start, p.end]).every((d) => pausedDates.includes(d))).toBe(
          true,
        );
        expect(spans.reduce((n, p) => n + daysBetween(p.start, p.end) + 1, 0)).toBe(
          pausedDates.length,
        );
      }),
      { numRuns: 500 },
    );
  });
});
