import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this many bytes compression saves less than the headers and the work cost (decision 0022). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts: Brotli, then gzip; undefined for none. Quality values count
 * (`br;q=0` refuses Brotli) and `*` stands for any encoding not named.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    const named = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = named ? named.q : (wildcard ?? 0);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Text worth compressing: HTML, JS, CSS, JSON, SVG and the like; never a live event stream. */
export function isCompressible(contentType: string | null): boolean {
  if (!contentType || /^\s*text\/event-stream/i.test(contentType)) return false;
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Brotli or gzip, on the fly, for answers built in memory (JSON, HTML, text) of at least
 * COMPRESSION_THRESHOLD_BYTES. Node's own zlib does both (hono/compress has no Brotli on Node 20).
 *
 * Left as they are: answers that carry a Content-Length (files streamed from disk or storage: the
 * built assets are precompressed at build time, media and the data export ZIP are already
 * compressed and must keep their length and ranges), partial content, HEAD, answers already
 * encoded, `Cache-Control: no-transform`, and types that are not text (images, video, ZIP).
 */
export function compression(threshold: number = COMPRESSION_THRESHOLD_BYTES): MiddlewareHandler {
  return async function compress(c, next) {
    await next();
    const res = c.res;
    if (!isCompressible(res.headers.get('Content-Type'))) return;
    addVary(res.headers);
    // Headers and status first: reading `res.body` turns @hono/node-server's light answer into a full
    // fetch Response, written in pieces, so it is read only when the answer will be compressed.
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Content-Length') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    const plain = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Buffer = plain;
    if (plain.length >= threshold) {
      body =
        encoding === 'br'
          ? await brotli(plain, {
              params: {
                // Quality 5: most of Brotli's gain at a few times gzip's speed, fine per request.
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
              },
            })
          : await gzipAsync(plain);
      headers.set('Content-Encoding', encoding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String(body.length));
    c.res = undefined;
    c.res = new Response(new Uint8Array(body), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
