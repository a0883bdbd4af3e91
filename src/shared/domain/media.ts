import {
  LEGACY_VIDEO_MARKERS,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  type MediaType,
} from '../constants';

/** 'image' or 'video' for an image/* or video/* MIME type; null for anything else. */
export function mediaTypeForMime(mimeType: string | null | undefined): MediaType | null {
  const type = mimeType?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

export function maxBytesFor(mediaType: MediaType): number {
  return mediaType === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
}

/** A legacy posts.media_url counts as a video when it contains .mp4 or .mov. */
export function isLegacyVideoUrl(url: string | null | undefined): boolean {
  const lower = url?.toLowerCase() ?? '';
  return LEGACY_VIDEO_MARKERS.some((marker) => lower.includes(marker));
}

/** '15 MB' style label for a byte limit, used in "file too large" messages. */
export function formatByteLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
