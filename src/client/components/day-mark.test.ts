import { afterEach, describe, expect, it } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import { dayName } from './day-mark';

registerCatalogue('de', de);
registerCatalogue('es', es);

describe("a cycle day's accessible name", () => {
  afterEach(() => setLocaleSource(() => 'en'));

  it('reads as before in English', () => {
    expect(dayName({ day: 5, date: '2026-03-01', status: 'done' })).toBe(
      'Day 5, Sun, Mar 1: Checked in',
    );
    expect(dayName({ day: 11, date: '2026-03-07', status: 'grace' })).toBe(
      'Day 11, grace day, forgiven',
    );
    expect(dayName({ day: null, date: '2026-12-02', status: 'paused' })).toBe('Wed, Dec 2, paused');
  });

  it('keeps a German noun its capital and says "Tag" and "Día" for Day', () => {
    setLocaleSource(() => 'de');
    expect(dayName({ day: 11, date: '2026-03-07', status: 'grace' })).toBe(
      'Tag 11, Jokertag, verziehen',
    );
    expect(dayName({ day: 12, date: '2026-03-08', status: 'rest' })).toBe('Tag 12, Ruhetag');
    expect(dayName({ day: 5, date: '2026-03-01', status: 'done' })).toMatch(
      /^Tag 5, .*: eingecheckt$/,
    );
    setLocaleSource(() => 'es');
    expect(dayName({ day: 5, date: '2026-03-01', status: 'missed' })).toMatch(
      /^Día 5, .*: sin check-in$/,
    );
  });
});
