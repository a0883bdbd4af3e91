import { describe, expect, it } from 'vitest';
import type { MediaView } from '@shared/api-types';
import { postMedia } from './post-media';

const stored = (id: string, sortIndex: number): MediaView => ({
  id,
  url: `/api/media/${id}.webp`,
  thumbUrl: `/api/media/${id}.thumb.webp`,
  mediaType: 'image',
  mimeType: 'image/webp',
  sortIndex,
});

describe('postMedia', () => {
  it("keeps the member's order, with an older post's single media URL first", () => {
    const shown = postMedia([stored('b', 1), stored('a', 0)], 'https://cdn.example/clip.mp4');
    expect(shown.map((m) => [m.id, m.mediaType])).toEqual([
      ['legacy:https://cdn.example/clip.mp4', 'video'],
      ['a', 'image'],
      ['b', 'image'],
    ]);
  });
});
