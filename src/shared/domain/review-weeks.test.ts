import { describe, expect, it } from 'vitest';
import {
  journalFirstLine,
  newReviewWeek,
  newestOpenWeek,
  reviewOpensOn,
  reviewWeekDays,
  weekOfDay,
} from './review-weeks';

describe('weeks of a cycle', () => {
  it('are days 7n-6..7n, and week 13 is days 85..90', () => {
    expect(reviewWeekDays(1)).toEqual({ week: 1, firstDay: 1, lastDay: 7, final: false });
    expect(reviewWeekDays(12)).toEqual({ week: 12, firstDay: 78, lastDay: 84, final: false });
    expect(reviewWeekDays(13)).toEqual({ week: 13, firstDay: 85, lastDay: 90, final: true });
    expect(() => reviewWeekDays(0)).toThrow(RangeError);
    expect(() => reviewWeekDays(14)).toThrow(RangeError);
    expect([1, 7, 8, 84, 85, 90].map(weekOfDay)).toEqual([1, 1, 2, 12, 13, 13]);
  });

  it('open when their last day has ended in the member’s own dates', () => {
    const start = '2026-03-02';
    expect(newestOpenWeek(start, '2026-03-01')).toBe(0); // before Day 1
    expect(newestOpenWeek(start, '2026-03-08')).toBe(0); // day 7 is still today
    expect(newestOpenWeek(start, '2026-03-09')).toBe(1);
    expect(newestOpenWeek(start, '2026-05-24')).toBe(11); // day 84
    expect(newestOpenWeek(start, '2026-05-25')).toBe(12); // day 85
    expect(newestOpenWeek(start, '2026-05-30')).toBe(12); // day 90
    expect(newestOpenWeek(start, '2026-05-31')).toBe(13); // day 91: the cycle is closed
    expect(newestOpenWeek(start, '2027-01-01')).toBe(13);
    expect(reviewOpensOn(start, 1)).toBe('2026-03-09');
    expect(reviewOpensOn(start, 13)).toBe('2026-05-31');
  });

  it('are new on the home screen for three days after they open', () => {
    const start = '2026-03-02';
    expect(newReviewWeek(start, '2026-03-08', 3)).toBe(0);
    expect(newReviewWeek(start, '2026-03-09', 3)).toBe(1);
    expect(newReviewWeek(start, '2026-03-11', 3)).toBe(1);
    expect(newReviewWeek(start, '2026-03-12', 3)).toBe(0);
  });
});

describe('journalFirstLine', () => {
  it('is the first line with words, without markdown marks, cut at the limit', () => {
    expect(journalFirstLine(null)).toBeNull();
    expect(journalFirstLine('\n\n  \n')).toBeNull();
    expect(journalFirstLine('\n## **Leg day** done\nsecond')).toBe('Leg day done');
    expect(journalFirstLine('- ran 5k')).toBe('ran 5k');
    expect(journalFirstLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
