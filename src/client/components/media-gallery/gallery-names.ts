import type { MediaView } from '@shared/api-types';

/** One photo or video a gallery shows: a stored file, or an older post's single outside URL. */
export interface GalleryMedia extends Pick<MediaView, 'id' | 'url' | 'thumbUrl' | 'mediaType'> {
  /** Whose or which day's it is, when it differs within one gallery (the week's photos: "Day 23"). */
  from?: string;
}

export interface NamedMedia extends GalleryMedia {
  /** "Photo 2 of 3 from Sam, Day 4": the alternative text, the lightbox title. */
  name: string;
}

/**
 * Each item's name: photos counted among the photos and videos among the videos (they are shown
 * apart on a post), the count left out when there is only one, and where it came from when known.
 */
export function nameMedia(media: readonly GalleryMedia[], from?: string): NamedMedia[] {
  const totals = { image: 0, video: 0 };
  for (const item of media) totals[item.mediaType] += 1;
  const seen = { image: 0, video: 0 };
  return media.map((item) => {
    seen[item.mediaType] += 1;
    const kind = item.mediaType === 'video' ? 'Video' : 'Photo';
    const total = totals[item.mediaType];
    const position = total > 1 ? ` ${seen[item.mediaType]} of ${total}` : '';
    const source = item.from ?? from;
    return { ...item, name: `${kind}${position}${source ? ` from ${source}` : ''}` };
  });
}

/** The name of the button on a photo: "Open photo 2 of 3 larger". */
export function openLargerName(name: string): string {
  return `Open ${name.charAt(0).toLowerCase()}${name.slice(1)} larger`;
}
