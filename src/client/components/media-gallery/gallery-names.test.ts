import { describe, expect, it } from 'vitest';
import { nameMedia, openLargerName, type GalleryMedia } from './gallery-names';

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

describe('openLargerName', () => {
  it('names what the button does', () => {
    expect(openLargerName('Photo 1 of 2')).toBe('Open photo 1 of 2 larger');
    expect(openLargerName('Photo from Sam, Day 4')).toBe('Open photo from Sam, Day 4 larger');
  });
});
