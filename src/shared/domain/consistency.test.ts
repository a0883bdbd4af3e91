import { describe, it, expect } from 'vitest';
import { consistencyScore, insightLevel } from './consistency';

describe('consistencyScore', () => {
  it('is check-ins over days so far, in rounded percent', () => {
    expect(consistencyScore(10, 10)).toBe(100);
    expect(consistencyScore(1, 3)).toBe(33);
    expect(consistencyScore(2, 3)).toBe(67);
    expect(consistencyScore(45, 90)).toBe(50);
  });

  it('is 0 on day 0 or with no check-ins', () => {
    expect(consistencyScore(0, 0)).toBe(0);
    expect(consistencyScore(3, 0)).toBe(0);
    expect(consistencyScore(0, 12)).toBe(0);
  });

  it('never goes above 100', () => {
    expect(consistencyScore(11, 10)).toBe(100);
  });
});

describe('insightLevel', () => {
  it('reads 80 and above as excellent', () => {
    expect(insightLevel(80)).toBe('excellent');
    expect(insightLevel(100)).toBe('excellent');
  });

  it('reads 60 to 79 as good', () => {
    expect(insightLevel(60)).toBe('good');
    expect(insightLevel(79)).toBe('good');
  });

  it('reads below 60 as a warning', () => {
    expect(insightLevel(59)).toBe('warning');
    expect(insightLevel(0)).toBe('warning');
  });
});
