import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { GalleryMedia } from './gallery-names';
import { MediaGallery } from './media-gallery';

const photo = (id: string): GalleryMedia => ({
  id,
  url: `/api/media/${id}.webp`,
  thumbUrl: `/api/media/${id}.thumb.webp`,
  mediaType: 'image',
});
const video: GalleryMedia = {
  id: 'v',
  url: '/api/media/v.mp4',
  thumbUrl: null,
  mediaType: 'video',
};

/** The tags of one kind in the markup, in order. */
const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

describe('MediaGallery', () => {
  it('draws nothing without media', () => {
    expect(renderToStaticMarkup(<MediaGallery media={[]} />)).toBe('');
  });

  it('shows thumbnails, lazily, with their size known before they load', () => {
    const html = renderToStaticMarkup(
      <MediaGallery media={[photo('a'), photo('b')]} label="Proof media" />,
    );
    expect(html).toContain('<ul aria-label="Proof media"');
    const images = tags(html, 'img');
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect(img).toMatch(/src="\/api\/media\/\w\.thumb\.webp"/);
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('width="400" height="400"');
    }
    expect(tags(html, 'button')[0]).toContain('aria-label="Open photo 1 of 2 larger"');
    expect(tags(html, 'li').every((li) => li.includes('aspect-square'))).toBe(true);
  });

  it('on a post: one photo 4:3, videos full width below it, playing in place', () => {
    const html = renderToStaticMarkup(
      <MediaGallery layout="post" media={[video, photo('a')]} from="Sam, Day 4" />,
    );
    const items = tags(html, 'li');
    expect(items[0]).toContain('aspect-[4/3]');
    expect(tags(html, 'img')[0]).toContain('alt="Photo from Sam, Day 4"');
    expect(tags(html, 'img')[0]).toContain('width="400" height="300"');
    expect(items[1]).toContain('col-span-full');
    const player = tags(html, 'video')[0]!;
    expect(player).toContain('controls');
    expect(player).toContain('preload="metadata"');
    expect(player).toContain('aria-label="Video from Sam, Day 4"');
    expect(player).toContain('aspect-video');
  });

  it('in a form: a video is a still marked "Video", without controls', () => {
    const html = renderToStaticMarkup(<MediaGallery layout="compact" media={[video]} />);
    expect(tags(html, 'video')[0]).not.toContain('controls');
    expect(html).toContain('Video</span>');
  });
});
