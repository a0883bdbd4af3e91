import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { msg } from '../messages';
import { withCatalogueTexts } from './catalogue-texts';
import { checkCatalogueTexts } from './check-catalogue-texts';
import { localize, text } from './localize';
import { registerCatalogue } from './translate';

afterEach(() => registerCatalogue('en', en));

describe('a sentence only the catalogue declares', () => {
  const catalogue = {
    'walk.heading': 'Walk',
    'walk.title': 'My check-in days',
    'walk.empty': 'No check-ins yet',
    loading: 'Loading...',
  };

  it('is read as plain text at its key path, beside what msg declares', () => {
    registerCatalogue('en', catalogue);
    const declared = localize({ walk: { heading: text } });
    const read = withCatalogueTexts(
      declared,
      ['walk.heading', 'loading'],
      catalogue,
    ) as unknown as {
      walk: Record<string, string>;
    };
    expect(read.walk.title).toBe('My check-in days');
    expect(read.walk.empty).toBe('No check-ins yet');
    expect(Object.keys(read.walk)).toEqual(['heading', 'title', 'empty']);
  });

  it('is part of msg itself, typed from en.json', () => {
    expect(msg.loading).toBe('Loading...');
    expect(Object.isFrozen(msg)).toBe(true);
  });

  it('fails the check when it has placeholders, or no code reads it by its whole path', () => {
    const source = { 'walk.title': 'My check-in days', 'walk.count': '{n} days', 'walk.x': 'X' };
    const files = ['<title>{msg.walk.title}</title>', 'msg.walk.xy'];
    expect(checkCatalogueTexts(source, ['walk.title', 'walk.count', 'walk.x'], files)).toEqual([
      expect.stringContaining('en: walk.count has placeholders, tags or a plural'),
      expect.stringContaining('en: walk.x is used by no code (no file under src/ reads msg.walk.x'),
    ]);
  });
});
