import { describe, it, expect } from 'vitest';
import {
  addDays,
  datesFrom,
  daysBetween,
  isLocalDate,
  isValidTimeZone,
  localDateIn,
} from './local-date';

describe('localDateIn', () => {
  const instant = new Date('2026-03-10T02:30:00Z');

  it('gives the calendar date in the named zone, not UTC', () => {
    expect(localDateIn(instant, 'UTC')).toBe('2026-03-10');
    expect(localDateIn(instant, 'America/Los_Angeles')).toBe('2026-03-09');
    expect(localDateIn(instant, 'America/New_York')).toBe('2026-03-09');
    expect(localDateIn(instant, 'Asia/Tokyo')).toBe('2026-03-10');
  });

  it('turns over at local midnight', () => {
    // Tokyo is UTC+9 all year.
    expect(localDateIn(new Date('2026-06-30T14:59:59Z'), 'Asia/Tokyo')).toBe('2026-06-30');
    expect(localDateIn(new Date('2026-06-30T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-07-01');
  });

  it('follows daylight saving: New York is UTC-4 in summer, UTC-5 in winter', () => {
    expect(localDateIn(new Date('2026-07-01T03:30:00Z'), 'America/New_York')).toBe('2026-06-30');
    expect(localDateIn(new Date('2026-07-01T04:30:00Z'), 'America/New_York')).toBe('2026-07-01');
    expect(localDateIn(new Date('2026-01-01T04:30:00Z'), 'America/New_York')).toBe('2025-12-31');
  });

  it('throws for an unknown zone', () => {
    expect(() => localDateIn(instant, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and UTC', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('refuses unknown names, offsets, blanks and non-strings', () => {
    expect(isValidTimeZone('America/Atlantis')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});

describe('isLocalDate', () => {
  it('accepts real dates only', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(isLocalDate('2026-01-01T00:00:00Z')).toBe(false);
  });
});

describe('daysBetween', () => {
  it('counts calendar days, negative when going back', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-01-31', '2026-01-01')).toBe(-30);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });

  it('handles leap years', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('is not thrown off by US daylight-saving changes', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // spring forward on the 8th
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2); // fall back on the 1st
  });

  it('throws for a malformed date', () => {
    expect(() => daysBetween('2026-01-01', 'tomorrow')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-01', 89)).toBe('2026-03-31');
  });

  it('is the inverse of daysBetween across a DST change', () => {
    expect(daysBetween('2026-03-01', addDays('2026-03-01', 14))).toBe(14);
  });

  it('refuses fractional days', () => {
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('datesFrom', () => {
  it('counts the calendar as addDays does, across months, leap days and years', () => {
    for (const first of ['2024-02-01', '2023-12-15', '2100-02-20', '2000-02-27', '0999-12-31']) {
      expect(datesFrom(first, 90)).toEqual(Array.from({ length: 90 }, (_, i) => addDays(first, i)));
    }
  });
});

describe('localDateIn, read from the formatted date', () => {
  it('matches the formatter’s parts every hour of a year, in zones either side of the date line', () => {
    const byParts = (instant: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${part('year')}-${part('month')}-${part('day')}`;
    };
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'UTC']) {
      for (let hour = 0; hour < 366 * 24; hour += 7) {
        const instant = new Date(Date.UTC(2024, 0, 1) + hour * 3_600_000);
        expect(localDateIn(instant, zone)).toBe(byParts(instant, zone));
      }
    }
  });
});

describe('dates read by character codes', () => {
  // The reading before issue 43's pass: a pattern, then a Date that must give the same parts back.
  const byPattern = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  };

  it('accept exactly the dates the pattern and Date accepted', () => {
    const samples = [
      '0000-01-01',
      '0099-12-31',
      '0100-01-01',
      '1900-02-29',
      '2000-02-29',
      '2024-02-29',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '9999-12-31',
      '2026-1-010',
      '2026/01/01',
      '2026-01-01 ',
      '２０２６-01-01',
      '2026-0a-01',
      '2026-01-3\u0000',
    ];
    for (const year of ['0000', '0099', '0100', '1900', '1970', '2000', '2024', '2026', '9999']) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          samples.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
        }
      }
    }
    for (const value of samples) expect(isLocalDate(value), value).toBe(byPattern(value));
  });

  it('write back what they read, from year 1000 to 9999', () => {
    for (const date of ['1000-01-01', '1999-12-31', '2026-11-29', '9999-12-30']) {
      expect(addDays(addDays(date, 1), -1)).toBe(date);
    }
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });
});

describe('localDateIn, one answer per zone and second', () => {
  it('turns over on the first second of the new date, asked right after the last one', () => {
    // Denver is UTC-7 in winter: midnight of 30 November is 07:00 UTC.
    expect(localDateIn(new Date('2026-11-30T06:59:59.999Z'), 'America/Denver')).toBe('2026-11-29');
    expect(localDateIn(new Date('2026-11-30T07:00:00.000Z'), 'America/Denver')).toBe('2026-11-30');
    expect(localDateIn(new Date('2026-11-30T06:59:59.000Z'), 'America/Denver')).toBe('2026-11-29');
  });

  it('keeps the seconds before 1970 apart from the first one after', () => {
    expect(localDateIn(new Date('1969-12-31T23:59:59.500Z'), 'UTC')).toBe('1969-12-31');
    expect(localDateIn(new Date('1970-01-01T00:00:00.000Z'), 'UTC')).toBe('1970-01-01');
    expect(localDateIn(new Date('1969-12-31T23:59:59.999Z'), 'UTC')).toBe('1969-12-31');
  });

  it('answers each zone for the same second on its own', () => {
    const instant = new Date('2026-11-30T06:30:00.250Z');
    expect(localDateIn(instant, 'America/Denver')).toBe('2026-11-29');
    expect(localDateIn(instant, 'Asia/Tokyo')).toBe('2026-11-30');
    expect(localDateIn(new Date('2026-11-30T06:30:00.900Z'), 'America/Denver')).toBe('2026-11-29');
  });
});
