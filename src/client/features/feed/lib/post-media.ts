import type { MediaView } from '@shared/api-types';
import { isLegacyVideoUrl } from '@shared/domain/media';
import type { GalleryMedia } from '@client/components/media-gallery/media-gallery';

/** The post's media in order, plus the legacy single media_url when an older post has one. */
export function postMedia(media: readonly MediaView[], legacyUrl?: string | null): GalleryMedia[] {
  const shown: GalleryMedia[] = [...media]
    .sort((a, b) => a.sortIndex - b.sortIndex)
    .map(({ id, url, thumbUrl, mediaType }) => ({ id, url, thumbUrl, mediaType }));
  if (legacyUrl) {
    shown.unshift({
      id: `legacy:${legacyUrl}`,
      url: legacyUrl,
      thumbUrl: null,
      mediaType: isLegacyVideoUrl(legacyUrl) ? 'video' : 'image',
    });
  }
  return shown;
}
