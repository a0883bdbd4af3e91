// The one way StackDays writes numbers, dates and times for people, in the spec's formats
// (§9: 'MMM dd, yyyy', 'MMM dd, yyyy HH:mm', 'MMM d, h:mm a') in English, and in each other
// language's own (CLDR through Intl and date-fns: '10.432', '1 dic 2026', '2,5 kg'). The locale is
// the current one (src/shared/i18n: the page's, or the request's or recipient's on the server),
// never the machine's, so 5400 steps read '5,400' in English on a German laptop and in a log alike.
// Instants are written in the time zone given, the member's own (decision 0033: the zone their day is
// counted in), so the server's markup and the app in any browser write the same time; without one,
// in the zone of whoever runs this. A calendar date ('yyyy-MM-dd', as cycles and check-in days are
// kept) is written as that day wherever you are.

import { tz } from '@date-fns/tz';
import { format, formatDistance, isValid, parseISO } from 'date-fns';
import { de, enUS, es, type Locale as DateLocale } from 'date-fns/locale';
import { DATE_FORMATS, KG_PER_POUND, SETTINGS_TIMEZONES, type UnitPref } from './constants';
import type { Locale } from './i18n/locales';
import { currentLocale } from './i18n/translate';
import { msg } from './messages';

/** English's Intl locale: the spec's US formats. */
export const DISPLAY_LOCALE = 'en-US';
const INTL_LOCALE: Record<Locale, string> = { en: DISPLAY_LOCALE, es: 'es', de: 'de' };
const DATE_LOCALE: Record<Locale, DateLocale> = { en: enUS, es, de };

type Pattern =
  'date' | 'dateTime' | 'shortDateTime' | 'time' | 'monthDay' | 'weekday' | 'weekdayDate';
// English keeps the spec's exact formats; the others their own order and 24-hour clock.
const PATTERNS: Record<Locale, Record<Pattern, string>> = {
  en: {
    ...DATE_FORMATS,
    time: 'h:mm a',
    monthDay: 'MMM d',
    weekday: 'EEE',
    weekdayDate: 'EEE, MMM d',
  },
  es: {
    date: 'd MMM yyyy',
    dateTime: 'd MMM yyyy, H:mm',
    shortDateTime: 'd MMM, H:mm',
    time: 'H:mm',
    monthDay: 'd MMM',
    weekday: 'EEE',
    weekdayDate: 'EEE, d MMM',
  },
  de: {
    date: 'dd.MM.yyyy',
    dateTime: 'dd.MM.yyyy, HH:mm',
    shortDateTime: 'd. MMM, HH:mm',
    time: 'HH:mm',
    monthDay: 'd. MMM',
    weekday: 'EEE',
    weekdayDate: 'EEE, d. MMM',
  },
};

// Made on first use, one per locale: the first Intl object a page makes loads the locale's data,
// 25 to 196 ms on a throttled phone in Lighthouse's traces, and every member screen imports this
// module (0029).
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<Locale, Intl.ListFormat>();

function numberFormat(locale: Locale, fractionDigits?: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits ?? ''}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(
      INTL_LOCALE[locale],
      fractionDigits === undefined
        ? undefined
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(key, made);
  }
  return made;
}

/** A Date, an ISO instant ('2026-03-01T18:05:00.000Z') or a calendar date ('2026-03-01'). */
export type DateInput = Date | string;

function toDate(value: DateInput): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function write(value: DateInput, pattern: Pattern, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = currentLocale();
  const options = { locale: DATE_LOCALE[locale] };
  // A calendar date is that day in every zone: never moved into one.
  const zoned = timeZone && !(typeof value === 'string' && CALENDAR_DATE.test(value));
  return format(
    date,
    PATTERNS[locale][pattern],
    zoned ? { ...options, in: tz(timeZone) } : options,
  );
}

/** 5400 → '5,400' ('5400' es, '5.400' de); 0.5 → '0.5' ('0,5' es and de). */
export function formatNumber(value: number): string {
  const locale = currentLocale();
  // Whole numbers (steps, minutes, counts: nearly every number shown) are grouped by hand in
  // English, exactly as en-US writes them, so a screen of them never waits for Intl.
  if (locale === 'en' && Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  return numberFormat(locale).format(value);
}

/** A number to one decimal: 2.5 → '2.5' ('2,5' es and de). */
function formatTenths(value: number): string {
  const locale = currentLocale();
  return locale === 'en' ? value.toFixed(1) : numberFormat(locale, 1).format(value);
}

/** ['7', '21', '90'] → '7, 21, and 90' ('7, 21 y 90', '7, 21 und 90'). */
export function formatList(items: readonly string[]): string {
  const locale = currentLocale();
  let made = listFormats.get(locale);
  if (!made) {
    made = new Intl.ListFormat(INTL_LOCALE[locale], { style: 'long', type: 'conjunction' });
    listFormats.set(locale, made);
  }
  return made.format(items);
}

/**
 * A change of weight in the reader's units, to a tenth, signed: -1.5 (kg) → '−1.5 kg' metric,
 * '−3.3 lb' imperial; '0.0 kg' when it rounds to nothing.
 */
export function formatWeightChange(kg: number, unit: UnitPref): string {
  const tenths = Math.round((unit === 'imperial' ? kg / KG_PER_POUND : kg) * 10);
  const sign = tenths > 0 ? '+' : tenths < 0 ? '\u2212' : '';
  return `${sign}${formatTenths(Math.abs(tenths) / 10)} ${unit === 'imperial' ? 'lb' : 'kg'}`;
}

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A percentage given in hundredths: 87 → '87%' in English (the spec's), '87 %' with a no-break
 * space in Spanish and German (their glossaries, as Intl writes them).
 */
export function formatPercent(value: number): string {
  const locale = currentLocale();
  if (locale === 'en') return `${formatNumber(value)}%`;
  let made = percentFormats.get(locale);
  if (!made) {
    // Up to three decimals, as formatNumber writes the number itself.
    made = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'percent',
      maximumFractionDigits: 3,
    });
    percentFormats.set(locale, made);
  }
  return made.format(value / 100);
}

/** 'Mar 01, 2026' (spec: MMM dd, yyyy). Empty for a value that is not a date. */
export function formatDate(value: DateInput, timeZone?: string): string {
  return write(value, 'date', timeZone);
}

/** 'Mar 01, 2026 18:05' (spec: MMM dd, yyyy HH:mm). */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return write(value, 'dateTime', timeZone);
}

/** 'Mar 1, 6:05 PM' (spec: MMM d, h:mm a). */
export function formatShortDateTime(value: DateInput, timeZone?: string): string {
  return write(value, 'shortDateTime', timeZone);
}

/** '6:05 PM': the time part of the spec's short format, for something that happened today. */
export function formatTime(value: DateInput, timeZone?: string): string {
  return write(value, 'time', timeZone);
}

/** 'Mar 1': a day within the cycle, where the year goes without saying. */
export function formatMonthDay(value: DateInput): string {
  return write(value, 'monthDay');
}

/** 'Sun' ('dom', 'So.'): a day's weekday, abbreviated as the locale abbreviates it. */
export function formatWeekday(value: DateInput): string {
  return write(value, 'weekday');
}

/** 'Sun, Mar 1': a day of the 90-day calendar. */
export function formatWeekdayDate(value: DateInput): string {
  return write(value, 'weekdayDate');
}

/** '5 minutes ago', 'about 2 hours ago', 'in 3 days'. Empty for a value that is not a date. */
export function formatTimeAgo(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  return date
    ? formatDistance(date, now, { addSuffix: true, locale: DATE_LOCALE[currentLocale()] })
    : '';
}

/** 'Pacific Time (Los Angeles)' for a listed zone; 'Europe/Berlin' reads 'Europe/Berlin'. */
export function formatTimeZone(zone: string): string {
  const listed = SETTINGS_TIMEZONES.find((option) => option.value === zone);
  return listed ? msg.options.timeZone[listed.value] : zone.replace(/_/g, ' ');
}

/** A weight in the reader's units, to a tenth: 80 (kg) → '80.0 kg' metric, '176.4 lb' imperial. */
export function formatWeight(kg: number, unit: UnitPref): string {
  const value = unit === 'imperial' ? kg / KG_PER_POUND : kg;
  return `${formatTenths(value)} ${unit === 'imperial' ? 'lb' : 'kg'}`;
}
