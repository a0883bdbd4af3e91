import type { MediaView } from '@shared/api-types';
import { msg } from '@shared/messages';

/** One photo or video a gallery shows: a stored file, or an older post's single outside URL. */
export interface GalleryMedia extends Pick<MediaView, 'id' | 'url' | 'thumbUrl' | 'mediaType'> {
  /** Whose or which day's it is, when it differs within one gallery (the week's photos: "Day 23"). */
  from?: string;
}

export interface NamedMedia extends GalleryMedia {
  /** "Photo 2 of 3 from Sam, Day 4": the alternative text, the lightbox title. */
  name: string;
  /** "Open photo 2 of 3 from Sam, Day 4 larger": the name of the button on a photo. */
  openName: string;
}

/**
 * Each item's names, in the page's language: photos counted among the photos and videos among the
 * videos (they are shown apart on a post), the count left out when there is only one, and where it
 * came from when known.
 */
export function nameMedia(media: readonly GalleryMedia[], from?: string): NamedMedia[] {
  const totals = { image: 0, video: 0 };
  for (const item of media) totals[item.mediaType] += 1;
  const seen = { image: 0, video: 0 };
  return media.map((item) => {
    seen[item.mediaType] += 1;
    const parts = [
      item.mediaType === 'video',
      seen[item.mediaType],
      totals[item.mediaType],
      item.from ?? from,
    ] as const;
    return { ...item, name: msg.mediaName(...parts), openName: msg.mediaOpenLarger(...parts) };
  });
}
