import type { MediaType } from '@shared/constants';

interface MediaFormat {
  mediaType: MediaType;
  ext: string;
}

/**
 * The only formats a member may upload, keyed by the MIME type file-type reports from the bytes.
 * Anything else (SVG, HTML, PDF, executables, archives, unknown) is refused: SVG and HTML can
 * carry scripts, and the rest have no place in a feed.
 */
export const ACCEPTED_FORMATS: Readonly<Record<string, MediaFormat>> = {
  'image/jpeg': { mediaType: 'image', ext: 'jpg' },
  'image/png': { mediaType: 'image', ext: 'png' },
  // file-type reports animated PNGs separately; they are still PNGs to a decoder.
  'image/apng': { mediaType: 'image', ext: 'png' },
  'image/webp': { mediaType: 'image', ext: 'webp' },
  'image/gif': { mediaType: 'image', ext: 'gif' },
  'image/heic': { mediaType: 'image', ext: 'heic' },
  'image/heif': { mediaType: 'image', ext: 'heif' },
  'image/avif': { mediaType: 'image', ext: 'avif' },
  'video/mp4': { mediaType: 'video', ext: 'mp4' },
  'video/quicktime': { mediaType: 'video', ext: 'mov' },
  'video/webm': { mediaType: 'video', ext: 'webm' },
};

/** Content types of what ingest stores, by extension: the local driver serves files by these. */
const CONTENT_TYPE_BY_EXT: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot === -1 ? '' : key.slice(dot + 1).toLowerCase();
  return CONTENT_TYPE_BY_EXT[ext] ?? FALLBACK_CONTENT_TYPE;
}
