import type { MediaView } from '@shared/api-types';
import { thumbKeyFor } from '../../lib/storage';

export type { MediaView };

/** Stored keys become URLs the signed-in member's browser can load; http(s) values pass through. */
export function mediaUrl(key: string): string {
  return /^https?:\/\//.test(key) ? key : `/api/media/${key}`;
}

export function mediaView(row: {
  id: string;
  storagePath: string;
  mediaType: string;
  mimeType: string;
  sortIndex: number;
}): MediaView {
  const isImage = row.mediaType === 'image';
  return {
    id: row.id,
    url: mediaUrl(row.storagePath),
    thumbUrl:
      isImage && !/^https?:/.test(row.storagePath) ? mediaUrl(thumbKeyFor(row.storagePath)) : null,
    mediaType: isImage ? 'image' : 'video',
    mimeType: row.mimeType,
    sortIndex: row.sortIndex,
  };
}
