import { afterEach, describe, expect, it } from 'vitest';
import es from '../locales/es.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import {
  COMP_OPTIONS,
  EMOJI_CATEGORIES,
  EQUIPMENT,
  FITNESS_GOALS,
  FITNESS_LEVELS,
  GENDERS,
  SETTINGS_TIMEZONES,
  STEP_TRACKERS,
} from './constants';
import { formatTimeZone } from './format';
import { registerCatalogue, setLocaleSource } from './i18n/translate';
import { msg } from './messages';

registerCatalogue('es', es);
registerCatalogue('de', de);

/** Every option list members read, as [value, label] pairs in the current locale. */
const labels = () => ({
  level: FITNESS_LEVELS.map((v) => msg.options.fitnessLevel[v]),
  goal: FITNESS_GOALS.map((v) => msg.options.fitnessGoal[v]),
  equipment: EQUIPMENT.map((v) => msg.options.equipment[v]),
  tracker: STEP_TRACKERS.map((v) => msg.options.stepTracker[v]),
  gender: GENDERS.map((v) => msg.options.gender[v]),
  comp: COMP_OPTIONS.map((o) => msg.options.compLabel(o.value)),
  emoji: EMOJI_CATEGORIES.map((c) => msg.options.emojiCategory[c.key]),
  zone: SETTINGS_TIMEZONES.map((z) => formatTimeZone(z.value)),
});

describe('the option lists members read (issue 47)', () => {
  afterEach(() => setLocaleSource(() => 'en'));

  it('keep their stored values, and read in English as before', () => {
    expect(FITNESS_LEVELS).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(EQUIPMENT).toEqual([
      'none',
      'dumbbells',
      'barbell',
      'machines',
      'bands',
      'outdoors',
      'home_gym',
    ]);
    expect(labels()).toEqual({
      level: ['Beginner', 'Intermediate', 'Advanced'],
      goal: ['Fat loss', 'Strength', 'Endurance', 'Mobility', 'Feel better'],
      equipment: ['None', 'Dumbbells', 'Barbell', 'Machines', 'Bands', 'Outdoors', 'Home gym'],
      tracker: ['Smart watch', 'Fitness tracker', 'Phone', 'None'],
      gender: ['Male', 'Female', 'Prefer not to say'],
      comp: [
        'None',
        '1 month free',
        '3 months free',
        '6 months free',
        '12 months free',
        'Lifetime (free for life)',
      ],
      emoji: ['Encouragement', 'Fitness', 'Nutrition'],
      zone: [
        'Eastern Time (New York)',
        'Central Time (Chicago)',
        'Mountain Time (Denver)',
        'Mountain Time, no DST (Phoenix)',
        'Pacific Time (Los Angeles)',
        'Alaska Time (Anchorage)',
        'Hawaii Time (Honolulu)',
        'São Paulo',
        'London',
        'Central Europe (Paris)',
        'India (Kolkata)',
        'Singapore',
        'Tokyo',
        'Sydney',
      ],
    });
    expect(formatTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('read in Spanish and German, one label per value', () => {
    const english = labels();
    for (const locale of ['es', 'de'] as const) {
      setLocaleSource(() => locale);
      const translated = labels();
      for (const [list, names] of Object.entries(translated)) {
        expect(names, `${locale} ${list}`).toHaveLength(
          english[list as keyof typeof english].length,
        );
        expect(new Set(names).size, `${locale} ${list}`).toBe(names.length);
      }
    }
    setLocaleSource(() => 'es');
    expect(msg.options.fitnessLevel.beginner).toBe('Principiante');
    expect(msg.options.compLabel('3')).toBe('3 meses gratis');
    expect(formatTimeZone('America/New_York')).toBe('Hora del Este (Nueva York)');
    setLocaleSource(() => 'de');
    expect(msg.options.equipment.dumbbells).toBe('Kurzhanteln');
    expect(msg.options.comp.months(1)).toBe('1 Monat');
  });
});
