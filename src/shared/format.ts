// The one way StackDays writes numbers, dates and times for people, in the spec's formats
// (§9: 'MMM dd, yyyy', 'MMM dd, yyyy HH:mm', 'MMM d, h:mm a'). The locale is named here, never taken
// from the machine, so 5400 steps read '5,400' on a German laptop and in a server log alike.
// Instants are written in the time zone given, the member's own (decision 0033: the zone their day is
// counted in), so the server's markup and the app in any browser write the same time; without one,
// in the zone of whoever runs this. A calendar date ('yyyy-MM-dd', as cycles and check-in days are
// kept) is written as that day wherever you are.

import { tz } from '@date-fns/tz';
import { format, formatDistance, isValid, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { DATE_FORMATS, KG_PER_POUND, SETTINGS_TIMEZONES, type UnitPref } from './constants';

export const DISPLAY_LOCALE = 'en-US';

// Made on first use: the first Intl object a page makes loads the locale's data, 25 to 196 ms on a
// throttled phone in Lighthouse's traces, and every member screen imports this module (0029).
let numberFormat: Intl.NumberFormat | undefined;
let listFormat: Intl.ListFormat | undefined;

/** A Date, an ISO instant ('2026-03-01T18:05:00.000Z') or a calendar date ('2026-03-01'). */
export type DateInput = Date | string;

function toDate(value: DateInput): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function write(value: DateInput, pattern: string, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  // A calendar date is that day in every zone: never moved into one.
  const zoned = timeZone && !(typeof value === 'string' && CALENDAR_DATE.test(value));
  return format(date, pattern, zoned ? { locale: enUS, in: tz(timeZone) } : { locale: enUS });
}

/** 5400 → '5,400'; 0.5 → '0.5'. */
export function formatNumber(value: number): string {
  // Whole numbers (steps, minutes, counts: nearly every number shown) are grouped by hand, exactly as
  // en-US writes them, so a screen of them never waits for Intl.
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  numberFormat ??= new Intl.NumberFormat(DISPLAY_LOCALE);
  return numberFormat.format(value);
}

/** ['7', '21', '90'] → '7, 21, and 90'. */
export function formatList(items: readonly string[]): string {
  listFormat ??= new Intl.ListFormat(DISPLAY_LOCALE, { style: 'long', type: 'conjunction' });
  return listFormat.format(items);
}

/**
 * A change of weight in the reader's units, to a tenth, signed: -1.5 (kg) → '−1.5 kg' metric,
 * '−3.3 lb' imperial; '0.0 kg' when it rounds to nothing.
 */
export function formatWeightChange(kg: number, unit: UnitPref): string {
  const tenths = Math.round((unit === 'imperial' ? kg / KG_PER_POUND : kg) * 10);
  const sign = tenths > 0 ? '+' : tenths < 0 ? '\u2212' : '';
  return `${sign}${(Math.abs(tenths) / 10).toFixed(1)} ${unit === 'imperial' ? 'lb' : 'kg'}`;
}

/** A whole percentage: 87 → '87%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** 'Mar 01, 2026' (spec: MMM dd, yyyy). Empty for a value that is not a date. */
export function formatDate(value: DateInput, timeZone?: string): string {
  return write(value, DATE_FORMATS.date, timeZone);
}

/** 'Mar 01, 2026 18:05' (spec: MMM dd, yyyy HH:mm). */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return write(value, DATE_FORMATS.dateTime, timeZone);
}

/** 'Mar 1, 6:05 PM' (spec: MMM d, h:mm a). */
export function formatShortDateTime(value: DateInput, timeZone?: string): string {
  return write(value, DATE_FORMATS.shortDateTime, timeZone);
}

/** '6:05 PM': the time part of the spec's short format, for something that happened today. */
export function formatTime(value: DateInput, timeZone?: string): string {
  return write(value, 'h:mm a', timeZone);
}

/** 'Mar 1': a day within the cycle, where the year goes without saying. */
export function formatMonthDay(value: DateInput): string {
  return write(value, 'MMM d');
}

/** 'Sun, Mar 1': a day of the 90-day calendar. */
export function formatWeekdayDate(value: DateInput): string {
  return write(value, 'EEE, MMM d');
}

/** '5 minutes ago', 'about 2 hours ago', 'in 3 days'. Empty for a value that is not a date. */
export function formatTimeAgo(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  return date ? formatDistance(date, now, { addSuffix: true, locale: enUS }) : '';
}

/** 'Pacific Time (Los Angeles)' for a listed zone; 'Europe/Berlin' reads 'Europe/Berlin'. */
export function formatTimeZone(zone: string): string {
  return (
    SETTINGS_TIMEZONES.find((option) => option.value === zone)?.label ?? zone.replace(/_/g, ' ')
  );
}

/** A weight in the reader's units, to a tenth: 80 (kg) → '80.0 kg' metric, '176.4 lb' imperial. */
export function formatWeight(kg: number, unit: UnitPref): string {
  const value = unit === 'imperial' ? kg / KG_PER_POUND : kg;
  return `${value.toFixed(1)} ${unit === 'imperial' ? 'lb' : 'kg'}`;
}
