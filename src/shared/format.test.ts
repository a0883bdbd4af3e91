import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocaleSource } from './i18n/translate';
import {
  formatDate,
  formatDateTime,
  formatList,
  formatMonthDay,
  formatNumber,
  formatWeight,
  formatWeightChange,
  formatPercent,
  formatShortDateTime,
  formatTime,
  formatTimeAgo,
  formatWeekday,
  formatWeekdayDate,
} from './format';

// Local times, so the expectations hold in any time zone the tests run in.
const evening = new Date(2026, 2, 1, 18, 5);
const morning = new Date(2026, 2, 1, 9, 7);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('numbers', () => {
  it('writes thousands with a comma', () => {
    expect(formatNumber(5400)).toBe('5,400');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatPercent(87)).toBe('87%');
    expect(formatWeekday('2026-03-01')).toBe('Sun');
    expect(formatList(['7', '21', '90'])).toBe('7, 21, and 90');
  });

  it('writes whole numbers exactly as en-US Intl does, negative, huge and -0 included', () => {
    const intl = new Intl.NumberFormat('en-US');
    const samples = [0, -0, 7, 999, 1000, -1000, 99_999, 100_000, 123_456_789, -987_654_321];
    samples.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 12.5, -0.0005);
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n, -n);
    for (const n of samples) expect(formatNumber(n), String(n)).toBe(intl.format(n));
  });

  it('writes 5,400 even where the machine speaks German', async () => {
    // A machine whose default locale is German: anything that does not name its locale gets 5.400.
    const RealNumberFormat = Intl.NumberFormat;
    const GermanByDefault = function (
      locales?: string | string[],
      options?: Intl.NumberFormatOptions,
    ) {
      return new RealNumberFormat(locales ?? 'de-DE', options);
    } as unknown as typeof Intl.NumberFormat;
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { NumberFormat: GermanByDefault }));
    expect(new Intl.NumberFormat().format(5400)).toBe('5.400');

    const fresh = await import('./format');
    expect(fresh.formatNumber(5400)).toBe('5,400');
  });
});

describe('dates and times, in the spec formats', () => {
  it('MMM dd, yyyy and MMM dd, yyyy HH:mm', () => {
    expect(formatDate(evening)).toBe('Mar 01, 2026');
    expect(formatDateTime(evening)).toBe('Mar 01, 2026 18:05');
    expect(formatDateTime(morning)).toBe('Mar 01, 2026 09:07');
  });

  it('MMM d, h:mm a and its time part', () => {
    expect(formatShortDateTime(evening)).toBe('Mar 1, 6:05 PM');
    expect(formatTime(evening)).toBe('6:05 PM');
    expect(formatTime(morning)).toBe('9:07 AM');
  });

  it('reads ISO instants as instants', () => {
    expect(formatTime(evening.toISOString())).toBe('6:05 PM');
  });

  it('writes a calendar date as that day in every time zone', () => {
    expect(formatDate('2026-03-01')).toBe('Mar 01, 2026');
    expect(formatMonthDay('2026-03-01')).toBe('Mar 1');
    expect(formatWeekdayDate('2026-03-01')).toBe('Sun, Mar 1');
  });

  it('writes nothing for something that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(new Date(Number.NaN))).toBe('');
    expect(formatTimeAgo('')).toBe('');
  });
});

describe('time ago', () => {
  it('says how long ago, in English', () => {
    const now = new Date(2026, 2, 1, 18, 10);
    expect(formatTimeAgo(evening, now)).toBe('5 minutes ago');
    expect(formatTimeAgo(new Date(2026, 2, 1, 16, 10), now)).toBe('about 2 hours ago');
    expect(formatTimeAgo(new Date(2026, 1, 26, 18, 10), now)).toBe('3 days ago');
  });
});

describe("in the member's time zone (decision 0033)", () => {
  const instant = '2026-11-25T13:10:00.000Z';
  it('writes an instant in the zone given, whatever zone runs the code', () => {
    expect(formatTime(instant, 'America/Los_Angeles')).toBe('5:10 AM');
    expect(formatTime(instant, 'Asia/Tokyo')).toBe('10:10 PM');
    expect(formatDateTime(instant, 'America/Los_Angeles')).toBe('Nov 25, 2026 05:10');
    expect(formatShortDateTime('2026-11-25T03:00:00Z', 'America/Los_Angeles')).toBe(
      'Nov 24, 7:00 PM',
    );
    expect(formatDate('2026-11-25T03:00:00Z', 'America/Los_Angeles')).toBe('Nov 24, 2026');
  });

  it('keeps a calendar date on its day in every zone', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'])
      expect(formatDate('2026-03-01', zone)).toBe('Mar 01, 2026');
  });
});

describe('weight changes', () => {
  it('writes a signed change to a tenth in the reader’s units', () => {
    expect(formatWeightChange(-1.5, 'metric')).toBe('\u22121.5 kg');
    expect(formatWeightChange(-1.5, 'imperial')).toBe('\u22123.3 lb');
    expect(formatWeightChange(2, 'metric')).toBe('+2.0 kg');
    expect(formatWeightChange(0.02, 'imperial')).toBe('0.0 lb');
  });
});

describe('in Spanish and German (issue 47)', () => {
  afterEach(() => setLocaleSource(() => 'en'));
  const inLocale = <T>(locale: 'es' | 'de', write: () => T): T => {
    setLocaleSource(() => locale);
    return write();
  };

  it('writes numbers, weights and lists in the locale', () => {
    expect(inLocale('de', () => formatNumber(10432))).toBe('10.432');
    expect(inLocale('es', () => formatNumber(10432))).toBe('10.432');
    expect(inLocale('es', () => formatNumber(2.5))).toBe('2,5');
    expect(inLocale('de', () => formatWeight(80, 'metric'))).toBe('80,0 kg');
    expect(inLocale('es', () => formatWeightChange(-1.5, 'metric'))).toBe('\u22121,5 kg');
    expect(inLocale('es', () => formatList(['7', '21', '90']))).toBe('7, 21 y 90');
    expect(inLocale('de', () => formatList(['7', '21', '90']))).toBe('7, 21 und 90');
  });

  it('writes a percentage with a no-break space before %, as the glossaries ask', () => {
    expect(inLocale('es', () => formatPercent(75))).toBe('75\u00a0%');
    expect(inLocale('de', () => formatPercent(75))).toBe('75\u00a0%');
    expect(inLocale('de', () => formatPercent(87.5))).toBe('87,5\u00a0%');
    setLocaleSource(() => 'en');
    expect(formatPercent(75)).toBe('75%');
  });

  it("writes dates and times in the locale's order, in the member's zone", () => {
    const instant = '2026-12-01T13:10:00.000Z';
    expect(inLocale('es', () => formatDate('2026-12-01'))).toBe('1 dic 2026');
    expect(inLocale('de', () => formatDate('2026-12-01'))).toBe('01.12.2026');
    expect(inLocale('es', () => formatWeekdayDate('2026-12-01'))).toBe('mar, 1 dic');
    expect(inLocale('es', () => formatWeekday('2026-12-02'))).toBe('mié');
    expect(inLocale('de', () => formatWeekday('2026-12-02'))).toBe('Mi.');
    expect(inLocale('de', () => formatShortDateTime(instant, 'Europe/Berlin'))).toBe(
      '1. Dez., 14:10',
    );
    expect(inLocale('es', () => formatTime(instant, 'America/Los_Angeles'))).toBe('5:10');
    expect(
      inLocale('de', () =>
        formatTimeAgo(new Date(2026, 1, 26, 18, 10), new Date(2026, 2, 1, 18, 10)),
      ),
    ).toBe('vor 3 Tagen');
  });
});
