import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import de from '../../locales/de.json';
import { msg } from '../messages';
import { checkCatalogues } from './check-catalogues';
import { matchLocale, type Locale } from './locales';
import { declaredIds } from './localize';
import { registerCatalogue, setLocaleSource, t } from './translate';

afterEach(() => {
  setLocaleSource(() => 'en');
  registerCatalogue('en', en);
  registerCatalogue('es', es);
  registerCatalogue('de', de);
});

describe('plural forms', () => {
  const days: Record<Locale, string> = {
    en: '{n, plural, one {# day} other {# days}}',
    es: '{n, plural, one {# día} other {# días}}',
    de: '{n, plural, one {# Tag} other {# Tage}}',
  };
  const expected: Record<Locale, string[]> = {
    en: ['0 days', '1 day', '2 days', '5 days'],
    es: ['0 días', '1 día', '2 días', '5 días'],
    de: ['0 Tage', '1 Tag', '2 Tage', '5 Tage'],
  };

  it.each(['en', 'es', 'de'] as const)('for 0, 1, 2 and 5 follow %s', (locale) => {
    registerCatalogue(locale, { ...{ en, es, de }[locale], 'test.days': days[locale] });
    expect([0, 1, 2, 5].map((n) => t('test.days', { n }, locale))).toEqual(expected[locale]);
  });

  it('are read through msg in the current locale', () => {
    registerCatalogue('es', {
      ...es,
      recentPosts: '{n, plural, one {# publicación reciente} other {# publicaciones recientes}}',
    });
    setLocaleSource(() => 'es');
    expect(msg.recentPosts(1)).toBe('1 publicación reciente');
    expect(msg.recentPosts(5)).toBe('5 publicaciones recientes');
    setLocaleSource(() => 'en');
    expect(msg.recentPosts(5)).toBe('5 recent posts');
  });

  it("write numbers in the locale's way", () => {
    setLocaleSource(() => 'de');
    expect(msg.crewCycleGoalMinutes(10432)).toMatch(/^10\.432 /);
    setLocaleSource(() => 'en');
    expect(msg.crewCycleGoalMinutes(10432)).toMatch(/^10,432 /);
  });

  it('name units, prices and an update in the locale, English word for word', () => {
    const read = (locale: Locale) => {
      setLocaleSource(() => locale);
      return [
        msg.fuelTargetWaterLabel('cups'),
        msg.fuelTargetWaterLabel('L'),
        msg.postUpdateFrom('Day 3'),
        msg.billingPlans.price(90),
      ];
    };
    expect(read('en')).toEqual([
      'Water per day (cups)',
      'Water per day (L)',
      'Day 3, update',
      '$90',
    ]);
    expect(read('es')).toEqual([
      'Agua al día (tazas)',
      'Agua al día (L)',
      'Day 3, actualización',
      '90\u00a0US$',
    ]);
    expect(read('de')).toEqual([
      'Wasser pro Tag (Tassen)',
      'Wasser pro Tag (L)',
      'Day 3, Update',
      '90\u00a0$',
    ]);
    setLocaleSource(() => 'en');
  });
});

describe('the catalogue check', () => {
  const source = {
    'a.b': 'Hello {name}',
    c: '{n, plural, one {# day} other {# days}}',
    d: 'Plain',
  };
  const ids = Object.keys(source);

  it('passes sound catalogues', () => {
    expect(
      checkCatalogues(
        source,
        { es: { 'a.b': 'Hola {name}', c: '{n, plural, one {# día} other {# días}}', d: 'Llano' } },
        ids,
      ),
    ).toEqual([]);
  });

  it('fails a message with a missing or renamed placeholder', () => {
    expect(
      checkCatalogues(
        source,
        { es: { 'a.b': 'Hola', c: '{count, plural, other {# días}}', d: 'Llano' } },
        ids,
      ),
    ).toEqual([
      'es: a.b has placeholders none, en has name:text',
      'es: c has placeholders count:plural, en has n:plural',
    ]);
  });

  it('fails a missing id, an extra id and a message that does not parse', () => {
    expect(
      checkCatalogues(source, { de: { 'a.b': 'Hallo {name', c: source.c, x: 'Extra' } }, ids),
    ).toEqual([
      'de: d is missing',
      'de: a.b does not parse: EXPECT_ARGUMENT_CLOSING_BRACE',
      'de: x is not in en',
    ]);
  });

  it('fails an English id no code declares, and a declared id English lacks', () => {
    expect(checkCatalogues(source, {}, ['a.b', 'c', 'e'])).toEqual([
      'en: e is missing (msg declares it)',
      'en: d is used by no code (msg does not declare it)',
    ]);
  });

  it('holds for the shipped catalogues', () => {
    expect(declaredIds().length).toBeGreaterThan(700);
  });
});

describe('matchLocale', () => {
  it.each([
    ['es-ES,es;q=0.9', 'es'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['de-AT', 'de'],
    ['es-419', 'es'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.5', 'de'],
    ['en-GB,es;q=0.9', 'en'],
    ['es;q=0.5,de;q=0.8', 'de'],
    ['de;q=0,es', 'es'],
    ['*', 'en'],
    ['', 'en'],
    ['not a tag!!,es', 'es'],
  ] as const)('%j → %s', (header, locale) => {
    expect(matchLocale(header)).toBe(locale);
  });

  it('takes a browser list', () => {
    expect(matchLocale(['de-CH', 'en-US'])).toBe('de');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(null)).toBe('en');
  });

  it('reads only the start of a very long header', () => {
    expect(matchLocale(`${'x-bogus;q=0.1,'.repeat(10_000)}es`)).toBe('en');
  });
});
