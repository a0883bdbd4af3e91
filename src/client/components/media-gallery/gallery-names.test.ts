import { afterEach, describe, expect, it } from 'vitest';
import es from '../../../locales/es.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import { nameMedia, type GalleryMedia } from './gallery-names';

const photo = (id: string, from?: string): GalleryMedia => ({
  id,
  url: `/api/media/${id}.webp`,
  thumbUrl: `/api/media/${id}.thumb.webp`,
  mediaType: 'image',
  ...(from ? { from } : {}),
});
const video = (id: string): GalleryMedia => ({
  id,
  url: `/api/media/${id}.mp4`,
  thumbUrl: null,
  mediaType: 'video',
});

describe('nameMedia', () => {
  it('counts photos among the photos and videos among the videos', () => {
    const names = nameMedia([photo('a'), video('v'), photo('b')]).map((m) => m.name);
    expect(names).toEqual(['Photo 1 of 2', 'Video', 'Photo 2 of 2']);
  });

  it('says whose and which day, and leaves out "1 of 1"', () => {
    expect(nameMedia([photo('a')], 'Sam, Day 4')[0]!.name).toBe('Photo from Sam, Day 4');
    expect(nameMedia([video('v'), video('w')], 'Sam, Day 4').map((m) => m.name)).toEqual([
      'Video 1 of 2 from Sam, Day 4',
      'Video 2 of 2 from Sam, Day 4',
    ]);
  });

  it("takes an item's own day over the gallery's", () => {
    const names = nameMedia([photo('a', 'Day 22'), photo('b', 'Day 27')], 'ignored');
    expect(names.map((m) => m.name)).toEqual([
      'Photo 1 of 2 from Day 22',
      'Photo 2 of 2 from Day 27',
    ]);
  });
});

describe('the button on a photo', () => {
  it('names what it does', () => {
    expect(nameMedia([photo('a'), photo('b')])[0]!.openName).toBe('Open photo 1 of 2 larger');
    expect(nameMedia([photo('a')], 'Sam, Day 4')[0]!.openName).toBe(
      'Open photo from Sam, Day 4 larger',
    );
  });
});

describe('in Spanish and German', () => {
  registerCatalogue('es', es);
  registerCatalogue('de', de);
  afterEach(() => setLocaleSource(() => 'en'));

  it("names the week's photos and their buttons in the page's language", () => {
    const week = [photo('a', 'Día 8'), photo('b', 'Día 13')];
    setLocaleSource(() => 'es');
    expect(nameMedia(week).map((m) => [m.name, m.openName])).toEqual([
      ['Foto 1 de 2 (Día 8)', 'Ampliar la foto 1 de 2 (Día 8)'],
      ['Foto 2 de 2 (Día 13)', 'Ampliar la foto 2 de 2 (Día 13)'],
    ]);
    setLocaleSource(() => 'de');
    expect(nameMedia([video('v')], 'Sam, Tag 4')[0]!.name).toBe('Video (Sam, Tag 4)');
    expect(nameMedia([photo('a')])[0]!.openName).toBe('Foto vergrößern');
  });
});
