import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDateIn } from '@shared/domain/local-date';
import {
  effectiveTimeZone,
  planTimeZoneChange,
  searchStartOfLocalDate,
  startOfLocalDate,
} from './time-zone';

const stored = (timezone: string) => ({
  timezone,
  pendingTimezone: null,
  pendingTimezoneFrom: null,
});

describe('startOfLocalDate', () => {
  it('finds midnight in the zone, across daylight-saving changes', () => {
    expect(startOfLocalDate('2026-03-11', 'America/Denver').toISOString()).toBe(
      '2026-03-11T06:00:00.000Z',
    );
    expect(startOfLocalDate('2026-01-11', 'America/Denver').toISOString()).toBe(
      '2026-01-11T07:00:00.000Z',
    );
    expect(startOfLocalDate('2026-03-11', 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-10T15:00:00.000Z',
    );
    // Sydney's clocks go back at 3 AM on 2026-04-05: midnight is still +11.
    expect(startOfLocalDate('2026-04-05', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T13:00:00.000Z',
    );
    // Santiago's clocks went from midnight to 1 AM on 2024-09-08: the day starts at 1 AM (-03).
    expect(startOfLocalDate('2024-09-08', 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
  });

  it('agrees with the search on every day of two years, in zones with odd offsets and changes', () => {
    const zones = [
      'Pacific/Honolulu',
      'America/Santiago',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Asia/Beirut',
      'Europe/London',
      'America/Havana',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 730 }), (zone, day) => {
        const date = addDays('2024-01-01', day);
        expect(startOfLocalDate(date, zone)).toEqual(searchStartOfLocalDate(date, zone));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('planTimeZoneChange', () => {
  it('switches at once when both zones show the same date', () => {
    const now = new Date('2026-03-11T18:00:00Z'); // noon in Denver, 1 PM in Chicago
    expect(planTimeZoneChange(stored('America/Denver'), 'America/Chicago', now)).toEqual(
      stored('America/Chicago'),
    );
  });

  it('going east past midnight, keeps today until the old zone reaches tomorrow', () => {
    // 8 PM on Mar 10 in Denver is already noon on Mar 11 in Tokyo.
    const now = new Date('2026-03-11T02:00:00Z');
    const plan = planTimeZoneChange(stored('America/Denver'), 'Asia/Tokyo', now);
    expect(plan).toEqual({
      timezone: 'America/Denver',
      pendingTimezone: 'Asia/Tokyo',
      pendingTimezoneFrom: new Date('2026-03-11T06:00:00Z'),
    });
    expect(localDateIn(now, effectiveTimeZone(plan, now))).toBe('2026-03-10');
    const justBefore = new Date('2026-03-11T05:59:59Z');
    expect(localDateIn(justBefore, effectiveTimeZone(plan, justBefore))).toBe('2026-03-10');
    const at = plan.pendingTimezoneFrom!;
    expect(effectiveTimeZone(plan, at)).toBe('Asia/Tokyo');
    expect(localDateIn(at, 'Asia/Tokyo')).toBe('2026-03-11');
  });

  it('going west past midnight, never repeats a date', () => {
    // 9 AM on Mar 11 in Tokyo is still Mar 10 in Denver.
    const now = new Date('2026-03-11T00:00:00Z');
    const plan = planTimeZoneChange(stored('Asia/Tokyo'), 'America/Denver', now);
    expect(plan.pendingTimezoneFrom).toEqual(new Date('2026-03-12T06:00:00Z'));
    // Walk an hour at a time through the change: the date never goes back and never skips.
    let previous = localDateIn(now, effectiveTimeZone(plan, now));
    for (let t = now.getTime(); t < now.getTime() + 3 * 86_400_000; t += 3_600_000) {
      const at = new Date(t);
      const today = localDateIn(at, effectiveTimeZone(plan, at));
      expect(today >= previous).toBe(true);
      expect(Date.parse(today) - Date.parse(previous)).toBeLessThanOrEqual(86_400_000);
      previous = today;
    }
  });

  it('choosing the zone in effect again drops a waiting change', () => {
    const now = new Date('2026-03-11T02:00:00Z');
    const plan = planTimeZoneChange(stored('America/Denver'), 'Asia/Tokyo', now);
    expect(planTimeZoneChange(plan, 'America/Denver', now)).toEqual(stored('America/Denver'));
  });
});
