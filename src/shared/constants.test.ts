import { describe, it, expect } from 'vitest';
import {
  BADGE_DAYS,
  COMP_OPTIONS,
  DEFAULT_REMINDER_HOUR,
  DEFAULT_SETTINGS_TIMEZONE,
  EMOJI_CATEGORIES,
  KNOWN_BADGES,
  NOTIFICATION_FILTER_STATUSES,
  NOTIFICATION_STATUSES,
  REACTION_EMOJI,
  REACTION_KEYS,
  REMINDER_HOURS,
  SETTINGS_TIMEZONES,
  STREAK_BADGE_CODES,
} from './constants';
import { isValidTimeZone } from './domain/local-date';

describe('option lists match the spec', () => {
  it('offers 18 reminder hours from 5 AM to 10 PM, including the 7 PM default', () => {
    expect(REMINDER_HOURS).toHaveLength(18);
    expect(REMINDER_HOURS[0]).toBe(5);
    expect(REMINDER_HOURS.at(-1)).toBe(22);
    expect(REMINDER_HOURS).toContain(DEFAULT_REMINDER_HOUR);
  });

  // One time zone per member, chosen in Settings (decision 0033): the profile's list of 11 is gone.
  it('offers 14 time zones, all real and including the default', () => {
    expect(SETTINGS_TIMEZONES).toHaveLength(14);
    for (const { value } of SETTINGS_TIMEZONES) {
      expect(isValidTimeZone(value), value).toBe(true);
    }
    expect(SETTINGS_TIMEZONES.map((z) => z.value)).toContain(DEFAULT_SETTINGS_TIMEZONE);
    expect(new Set(SETTINGS_TIMEZONES.map((z) => z.value)).size).toBe(14);
  });

  it('has a streak badge for every badge day, each a known badge with an emoji', () => {
    for (const day of BADGE_DAYS) {
      const code = STREAK_BADGE_CODES[day];
      expect(KNOWN_BADGES[code].emoji).not.toBe('');
    }
    expect(Object.keys(KNOWN_BADGES)).toHaveLength(7);
  });

  it('gives each reaction key an emoji', () => {
    expect(Object.keys(REACTION_EMOJI)).toEqual([...REACTION_KEYS]);
  });

  it('has three emoji categories, Encouragement first, with no repeats inside a tab', () => {
    expect(EMOJI_CATEGORIES.map((c) => c.key)).toEqual(['encouragement', 'fitness', 'nutrition']);
    for (const category of EMOJI_CATEGORIES) {
      expect(category.emoji.length).toBeGreaterThanOrEqual(15);
      expect(new Set(category.emoji).size).toBe(category.emoji.length);
    }
  });

  it('filters notifications by every status except dropped', () => {
    expect(NOTIFICATION_FILTER_STATUSES).toEqual(
      NOTIFICATION_STATUSES.filter((s) => s !== 'dropped'),
    );
  });

  it('offers comp of none, 1, 3, 6, 12 months or lifetime', () => {
    expect(COMP_OPTIONS.map((o) => o.value)).toEqual(['none', '1', '3', '6', '12', 'lifetime']);
  });
});
