import { describe, it, expect } from 'vitest';
import { badgeCodeForStreak, currentStreak, longestStreak, streakEndingAt } from './streaks';

describe('streakEndingAt', () => {
  it('counts consecutive days ending at the given day', () => {
    expect(streakEndingAt([1, 2, 3, 4, 5, 6, 7], 7)).toBe(7);
    expect(streakEndingAt([7, 3, 5, 4, 6], 7)).toBe(5); // order does not matter
  });

  it('restarts at 1 after a gap', () => {
    expect(streakEndingAt([1, 2, 3, 5], 5)).toBe(1);
    expect(streakEndingAt([1, 2, 3, 5, 6], 6)).toBe(2);
  });

  it('is 0 when the day itself has no check-in', () => {
    expect(streakEndingAt([1, 2, 3], 4)).toBe(0);
    expect(streakEndingAt([], 1)).toBe(0);
  });

  it('ignores duplicates', () => {
    expect(streakEndingAt([1, 1, 2, 2, 3], 3)).toBe(3);
  });

  it('works on local dates across month ends', () => {
    expect(streakEndingAt(['2026-01-30', '2026-01-31', '2026-02-01'], '2026-02-01')).toBe(3);
    expect(streakEndingAt(['2026-01-30', '2026-02-01'], '2026-02-01')).toBe(1);
  });
});

describe('currentStreak', () => {
  it('ends today when today is done', () => {
    expect(currentStreak([3, 4, 5], 5)).toBe(3);
  });

  it('still counts up to yesterday when today is not done yet', () => {
    expect(currentStreak([3, 4, 5], 6)).toBe(3);
  });

  it('is 0 once a whole day has been missed', () => {
    expect(currentStreak([3, 4, 5], 7)).toBe(0);
  });

  it('works on local dates', () => {
    expect(currentStreak(['2026-03-07', '2026-03-08'], '2026-03-09')).toBe(2);
  });
});

describe('longestStreak', () => {
  it('finds the longest run anywhere in the list', () => {
    expect(longestStreak([1, 2, 3, 10, 11, 12, 13, 20])).toBe(4);
    expect(longestStreak([5])).toBe(1);
    expect(longestStreak([])).toBe(0);
    expect(longestStreak([9, 8, 7, 7, 1])).toBe(3);
  });
});

describe('badgeCodeForStreak', () => {
  it('awards a badge only at exactly 7, 21, 45, 60 and 90', () => {
    expect(badgeCodeForStreak(7)).toBe('starter_7');
    expect(badgeCodeForStreak(21)).toBe('momentum_21');
    expect(badgeCodeForStreak(45)).toBe('middle_45');
    expect(badgeCodeForStreak(60)).toBe('relentless_60');
    expect(badgeCodeForStreak(90)).toBe('finisher_90');
  });

  it('gives nothing for any other length', () => {
    for (const n of [0, 1, 6, 8, 20, 22, 44, 46, 59, 61, 89, 91]) {
      expect(badgeCodeForStreak(n)).toBeNull();
    }
  });
});
