import type { MediaView } from '@shared/api-types';
import { InvalidKeyError, thumbKeyFor } from '../lib/storage';

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

/** Avatars live under the member's own folder, next to their proof media: `u/{userId}/avatar/{file}`. */
export const avatarFolder = (userId: string) => `u/${userId}/avatar`;

/** The address a browser loads an avatar from (GET /api/avatars/{userId}/{file}). */
export function avatarUrlFor(key: string): string {
  const match = /^u\/([^/]+)\/avatar\/([^/]+)$/.exec(key);
  if (!match) throw new InvalidKeyError(key);
  return `/api/avatars/${match[1]}/${match[2]}`;
}

/** The storage key behind an avatar URL we issued, or null for anything else (an outside URL). */
export function avatarKeyFromUrl(url: string | null): string | null {
  const match = url ? /^\/api\/avatars\/([^/]+)\/([^/]+)$/.exec(url) : null;
  return match ? `${avatarFolder(match[1])}/${match[2]}` : null;
}
