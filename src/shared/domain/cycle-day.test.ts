import { describe, it, expect } from 'vitest';
import { cycleDay, isCycleComplete } from './cycle-day';
import { localDateIn } from './local-date';

describe('cycleDay', () => {
  it('is 1 on the start date and counts up by calendar day', () => {
    expect(cycleDay('2026-01-01', '2026-01-01')).toBe(1);
    expect(cycleDay('2026-01-01', '2026-01-02')).toBe(2);
    expect(cycleDay('2026-01-01', '2026-01-31')).toBe(31);
    expect(cycleDay('2026-01-01', '2026-03-31')).toBe(90);
  });

  it('clamps below 1 when today is before the start', () => {
    expect(cycleDay('2026-01-10', '2026-01-09')).toBe(1);
    expect(cycleDay('2026-01-10', '2025-06-01')).toBe(1);
  });

  it('is complete from the day after day 90, not before', () => {
    expect(isCycleComplete('2026-01-01', '2026-03-30')).toBe(false); // day 89
    expect(isCycleComplete('2026-01-01', '2026-03-31')).toBe(false); // day 90
    expect(isCycleComplete('2026-01-01', '2026-04-01')).toBe(true); // day 91
    expect(isCycleComplete('2026-01-01', '2026-07-19')).toBe(true); // day 200
    expect(isCycleComplete('2026-01-10', '2026-01-09')).toBe(false);
  });

  it('clamps at 90 after the cycle ends', () => {
    expect(cycleDay('2026-01-01', '2026-04-01')).toBe(90);
    expect(cycleDay('2026-01-01', '2027-01-01')).toBe(90);
  });

  it('uses the member time zone: the same instant is a different day in Tokyo and Los Angeles', () => {
    const start = new Date('2026-05-01T12:00:00Z'); // May 1 in both zones
    const now = new Date('2026-05-10T20:00:00Z'); // May 11 05:00 Tokyo, May 10 13:00 LA
    const tokyo = cycleDay(localDateIn(start, 'Asia/Tokyo'), localDateIn(now, 'Asia/Tokyo'));
    const la = cycleDay(
      localDateIn(start, 'America/Los_Angeles'),
      localDateIn(now, 'America/Los_Angeles'),
    );
    expect(tokyo).toBe(11);
    expect(la).toBe(10);
  });

  it('turns over at local midnight in Tokyo', () => {
    const start = '2026-05-01';
    expect(cycleDay(start, localDateIn(new Date('2026-05-01T14:59:00Z'), 'Asia/Tokyo'))).toBe(1);
    expect(cycleDay(start, localDateIn(new Date('2026-05-01T15:00:00Z'), 'Asia/Tokyo'))).toBe(2);
  });

  it('counts one day per calendar day across the US spring-forward change (2026-03-08)', () => {
    const tz = 'America/Los_Angeles';
    const start = localDateIn(new Date('2026-03-07T18:00:00Z'), tz); // Mar 7, 10:00 PST
    // Mar 8 23:30 PDT is 06:30Z on the 9th; that day was only 23 hours long.
    expect(cycleDay(start, localDateIn(new Date('2026-03-09T06:30:00Z'), tz))).toBe(2);
    // Mar 9 00:30 PDT
    expect(cycleDay(start, localDateIn(new Date('2026-03-09T07:30:00Z'), tz))).toBe(3);
  });

  it('counts one day per calendar day across the US fall-back change (2026-11-01)', () => {
    const tz = 'America/New_York';
    const start = localDateIn(new Date('2026-10-31T16:00:00Z'), tz); // Oct 31, 12:00 EDT
    // Nov 1 23:30 EST is 04:30Z on the 2nd; that day was 25 hours long.
    expect(cycleDay(start, localDateIn(new Date('2026-11-02T04:30:00Z'), tz))).toBe(2);
    // Nov 2 00:30 EST
    expect(cycleDay(start, localDateIn(new Date('2026-11-02T05:30:00Z'), tz))).toBe(3);
  });
});
