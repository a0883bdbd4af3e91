import type { Context } from 'hono';
import { STORAGE_CACHE_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { InvalidKeyError } from './keys';
import { contentTypeForKey, FALLBACK_CONTENT_TYPE } from './media-formats';
import { parseRangeHeader } from './range';
import type { ByteRange, MediaObjectInfo, MediaStorage } from './media-storage';

/**
 * Every file is for signed-in members, so no shared cache may keep one. A file every member may
 * see is reused by the browser for an hour; a file only its owner or an admin may see (a hidden
 * or private post) is checked with the server on every use, so access ends when it is taken away.
 */
export const MEDIA_CACHE_CONTROL = {
  community: `private, max-age=${STORAGE_CACHE_SECONDS}`,
  restricted: 'private, no-cache',
} as const;

export interface ServeOptions {
  /** Default: MEDIA_CACHE_CONTROL.community. */
  cacheControl?: string;
  /**
   * Answer a GET with a 302 to a presigned URL that works for this many seconds, where the driver
   * makes them (S3_DOWNLOADS=signed). HEAD is still answered here. Unset: stream through the server.
   */
  signedUrlSeconds?: number;
}

/**
 * Answers a GET or HEAD for one stored object: 200, 206 for a single `Range: bytes=a-b`,
 * 416 when that range starts past the end, 304 when `If-None-Match` holds the current ETag.
 * Throws AppError not_found for a missing object or a key that could never exist, so a key
 * taken from the URL is safe to pass. Checking who may see the object is the caller's job.
 */
export async function serveMedia(
  c: Context,
  storage: MediaStorage,
  key: string,
  options: ServeOptions = {},
): Promise<Response> {
  const cacheControl = options.cacheControl ?? MEDIA_CACHE_CONTROL.community;
  try {
    if (options.signedUrlSeconds && storage.signedUrl && c.req.method === 'GET') {
      return await redirect(c, storage, key, cacheControl, options.signedUrlSeconds);
    }
    return await respond(c, storage, key, cacheControl);
  } catch (error) {
    if (error instanceof InvalidKeyError) throw notFound();
    throw error;
  }
}

async function respond(
  c: Context,
  storage: MediaStorage,
  key: string,
  cacheControl: string,
): Promise<Response> {
  const rangeHeader = c.req.header('range');
  const ifNoneMatch = c.req.header('if-none-match');
  const ifRange = c.req.header('if-range');
  const isHead = c.req.method === 'HEAD';

  // Plain GETs (most image loads) skip the separate stat: one round trip to S3 instead of two.
  let range: ByteRange | undefined;
  if (rangeHeader || ifNoneMatch || isHead) {
    const info = await storage.stat(key);
    if (!info) throw notFound();
    if (ifNoneMatch && etagMatches(ifNoneMatch, info.etag)) {
      return c.body(null, 304, baseHeaders(info, cacheControl));
    }
    // If-Range: only send part of the object if it is still the version the client has.
    if (rangeHeader && (!ifRange || ifRange.trim() === info.etag)) {
      const parsed = parseRangeHeader(rangeHeader, info.size);
      if (parsed.kind === 'unsatisfiable') {
        return c.body(null, 416, {
          ...baseHeaders(info, cacheControl),
          'Content-Range': `bytes */${info.size}`,
        });
      }
      if (parsed.kind === 'partial') range = parsed.range;
    }
    if (isHead) {
      return c.body(null, 200, {
        ...bodyHeaders(info, cacheControl),
        'Content-Length': String(info.size),
      });
    }
  }

  const object = await storage.get(key, range);
  if (!object) throw notFound();
  const headers = bodyHeaders(object, cacheControl);
  if (!range) {
    return c.body(object.stream, 200, { ...headers, 'Content-Length': String(object.size) });
  }
  return c.body(object.stream, 206, {
    ...headers,
    'Content-Length': String(range.end - range.start + 1),
    'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
  });
}

/**
 * 302 to a presigned URL. The store is told the type from the key's extension (ingest chose it)
 * and `inline` only for a known media type, so the URL serves nothing as HTML; the redirect itself
 * is never cached, so access is checked again on every load (the URL stays the same for a minute,
 * which lets the browser reuse the file it already has).
 */
async function redirect(
  c: Context,
  storage: MediaStorage,
  key: string,
  cacheControl: string,
  expiresSeconds: number,
): Promise<Response> {
  const contentType = contentTypeForKey(key);
  const location = await storage.signedUrl!(key, {
    expiresSeconds,
    contentType,
    contentDisposition: contentType === FALLBACK_CONTENT_TYPE ? 'attachment' : 'inline',
    cacheControl,
  });
  return c.body(null, 302, { Location: location, 'Cache-Control': 'private, no-store' });
}

function baseHeaders(info: MediaObjectInfo, cacheControl: string): Record<string, string> {
  const headers: Record<string, string> = {
    ETag: info.etag,
    'Cache-Control': cacheControl,
    'Accept-Ranges': 'bytes',
  };
  if (info.lastModified) headers['Last-Modified'] = info.lastModified.toUTCString();
  return headers;
}

function bodyHeaders(info: MediaObjectInfo, cacheControl: string): Record<string, string> {
  return {
    ...baseHeaders(info, cacheControl),
    'Content-Type': info.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  };
}

/** Weak comparison, as RFC 9110 asks for If-None-Match; `*` matches any existing object. */
function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

function notFound(): AppError {
  return new AppError('not_found', msg.notFound);
}
