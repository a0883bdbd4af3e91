import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/domain/local-date';
import { HistoriesError, parseHistories, planMember, type HistoryMember } from './seed-histories';

// The histories file of `npm run seed:demo -- --histories FILE` (issue 43): read strictly, each
// mistake named with where it is, and laid on the calendar ending yesterday in the member's zone.

const grace = {
  email: 'grace@example.test',
  name: 'Grace Day',
  timeZone: 'America/Denver',
  mode: 'forgiving',
  restDays: ['sun'],
  history: 'xxxxxxxxxx.x',
  photos: { '1': 'front', '12': 'front' },
};
const file = (members: object[], crews?: object[]) =>
  JSON.stringify(crews ? { members, crews } : { members });
const problem = (text: string) => {
  try {
    parseHistories(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HistoriesError);
    return (error as Error).message;
  }
  throw new Error('parsed');
};

// 2026-11-29 is a Sunday; 16:00 UTC is 09:00 in Denver, so yesterday there is Saturday the 28th.
const NOW = new Date('2026-11-29T16:00:00Z');

describe('the histories file', () => {
  it('reads the example of the issue', () => {
    const parsed = parseHistories(
      file(
        [grace, { ...grace, email: 'sam@example.test', name: 'Sam', photos: undefined }],
        [{ name: 'Dawn Patrol', owner: 'grace@example.test', members: ['sam@example.test'] }],
      ),
    );
    expect(parsed.members).toHaveLength(2);
    expect(parsed.members[1]).toMatchObject({ mode: 'forgiving', photos: {} });
    expect(parsed.crews[0].members).toEqual(['sam@example.test']);
  });

  it('names an unknown field, wherever it is', () => {
    expect(problem(file([{ ...grace, lang: 'es' }]))).toBe('members[0]: unknown field "lang"');
    expect(problem(JSON.stringify({ members: [grace], cycles: [] }))).toBe(
      'the file: unknown field "cycles"',
    );
    expect(
      problem(file([grace], [{ name: 'A', owner: grace.email, startDate: '2026-12-01' }])),
    ).toBe('crews[0]: unknown field "startDate"');
  });

  it('says what is wrong with a value, and where', () => {
    expect(problem(file([{ ...grace, history: 'xxoxx' }]))).toBe(
      'members[0].history: only the letters x . p r',
    );
    expect(problem(file([{ ...grace, timeZone: 'Mars/Olympus' }]))).toBe(
      'members[0].timeZone: an IANA time zone, such as Europe/Paris',
    );
    expect(problem(file([{ ...grace, language: 'fr' }]))).toBe(
      'members[0].language: one of en, es, de',
    );
    expect(problem(file([{ ...grace, restDays: ['sun', 'sat', 'mon'] }]))).toMatch(
      /^members\[0\]\.restDays: /,
    );
    expect(problem(file([{ ...grace, photos: { '0': 'front' } }]))).toMatch(
      /^members\[0\]\.photos/,
    );
    expect(problem('{"members": [')).toMatch(/^The histories file is not JSON/);
    expect(problem(file([grace, grace]))).toBe(
      'members[1].email: grace@example.test is listed twice',
    );
    expect(problem(file([grace], [{ name: 'A', owner: 'nobody@example.test' }]))).toBe(
      "crews[0].owner: nobody@example.test is not one of the file's members",
    );
  });
});

const member = (fields: Partial<HistoryMember>): HistoryMember =>
  ({ ...parseHistories(file([grace])).members[0], ...fields }) as HistoryMember;
const planProblem = (fields: Partial<HistoryMember>) => {
  try {
    planMember(member(fields), 0, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(HistoriesError);
    return (error as Error).message;
  }
  throw new Error('planned');
};

describe('a history on the calendar', () => {
  it('ends yesterday in the member’s zone, with Day numbers that skip paused dates', () => {
    const plan = planMember(member({ history: 'xxpx', restDays: [], photos: {} }), 0, NOW);
    expect(plan.today).toBe('2026-11-29');
    expect(plan.startDate).toBe('2026-11-25');
    expect(plan.pauses).toEqual([{ start: '2026-11-27', end: '2026-11-27' }]);
    expect(plan.checkins.map((c) => [c.date, c.day])).toEqual([
      ['2026-11-25', 1],
      ['2026-11-26', 2],
      ['2026-11-28', 3],
    ]);
  });

  it('puts photos on Day numbers and streak badges on the check-in that reached them', () => {
    // 12 letters ending Saturday the 28th: the cycle starts on Tuesday the 17th, no Sunday in the
    // way but the 22nd, which is checked in (a rest day may be).
    const plan = planMember(member({ history: 'xxxxxxxxxx.x' }), 0, NOW);
    expect(plan.checkins.filter((c) => c.photo).map((c) => c.day)).toEqual([1, 12]);
    expect(plan.badges).toEqual([{ day: 7, date: addDays(plan.startDate, 6) }]);
  });

  it('refuses letters the rule would read otherwise', () => {
    // Letter 5 of 'xxxxr' is Saturday the 28th, not a rest day.
    expect(planProblem({ history: 'xxxxr', photos: {} })).toBe(
      'members[0].history: letter 5 (sat 2026-11-28) is "r" but not one of the member\'s restDays',
    );
    // '.xxxxxx' starts on Sunday the 22nd, a rest day.
    expect(planProblem({ history: '.xxxxxx', photos: {} })).toBe(
      'members[0].history: letter 1 (sun 2026-11-22) is one of the member\'s restDays: write r, not "."',
    );
    expect(planProblem({ history: 'xpx', mode: 'strict', restDays: [], photos: {} })).toBe(
      'members[0].history: letter 2 (fri 2026-11-27) is "p": a strict cycle has no rest days or pauses',
    );
    expect(planProblem({ history: 'pppppppp', restDays: [], photos: {} })).toBe(
      'members[0].history: 8 paused days; a cycle has at most 7',
    );
    expect(planProblem({ history: 'xx', photos: { '5': 'front' } })).toBe(
      'members[0].photos: Day 5 has no check-in (x)',
    );
  });
});
