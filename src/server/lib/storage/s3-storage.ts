import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileRangeStream, isBytes, toNodeReadable } from './file-stream';
import { assertValidKey, normalizePrefix } from './keys';
import { assertRangeInside } from './range';
import {
  decodeXml,
  describe,
  publicOptions,
  S3Requests,
  s3Error,
  s3Url,
  totalFromContentRange,
  type S3StorageOptions,
} from './s3-requests';
import type {
  ByteRange,
  MediaBody,
  MediaObject,
  MediaObjectInfo,
  MediaStorage,
  PutOptions,
  SignedUrlOptions,
  StoredObjectEntry,
} from './media-storage';

const DELETE_CONCURRENCY = 8;

/**
 * S3-compatible object storage through aws4fetch (SigV4 signing over the built-in fetch, no SDK).
 * Streamed bodies are sent with UNSIGNED-PAYLOAD and an explicit Content-Length, as S3 refuses
 * chunked uploads without one; Buffers are sent with their SHA-256 signed.
 * No retries: a streamed body cannot be replayed, and the caller reports the failure instead.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly requests: S3Requests;

  constructor(private readonly options: S3StorageOptions) {
    this.requests = new S3Requests(options);
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<MediaObjectInfo> {
    assertValidKey(key);
    const headers: Record<string, string> = { 'content-type': options.contentType };
    if (options.cacheSeconds !== undefined) {
      headers['cache-control'] = `private, max-age=${options.cacheSeconds}`;
    }
    let spoolDir: string | undefined;
    try {
      let payload: Uint8Array | ReadableStream<Uint8Array>;
      let size: number;
      if (isBytes(body)) {
        payload = body;
        size = body.byteLength;
        headers['x-amz-content-sha256'] = createHash('sha256').update(body).digest('hex');
      } else {
        headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
        if (options.contentLength !== undefined) {
          payload = body instanceof ReadableStream ? body : toWebStream(body);
          size = options.contentLength;
        } else {
          spoolDir = await mkdtemp(path.join(this.options.tmpDir ?? os.tmpdir(), 'stackdays-s3-'));
          ({ payload, size } = await spool(body, path.join(spoolDir, randomUUID())));
        }
        headers['content-length'] = String(size);
      }
      const response = await this.requests.send('PUT', this.url(key), { headers, body: payload });
      if (!response.ok) throw await s3Error(response, 'PUT', key);
      await response.body?.cancel();
      return {
        size,
        contentType: options.contentType,
        etag: response.headers.get('etag') ?? `"${randomUUID()}"`,
        lastModified: this.requests.now(),
      };
    } finally {
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    assertValidKey(key);
    const headers: Record<string, string> = {};
    if (range) headers.range = `bytes=${range.start}-${range.end}`;
    const response = await this.requests.send('GET', this.url(key), { headers, timeout: true });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (response.status === 416) {
      await response.body?.cancel();
      throw new RangeError(`Byte range ${range?.start}-${range?.end} is outside ${key}`);
    }
    if (!response.ok || !response.body || (range && response.status !== 206)) {
      throw await s3Error(response, 'GET', key);
    }
    const info = describe(response);
    if (range) {
      const contentRange = response.headers.get('content-range');
      info.size = totalFromContentRange(contentRange) ?? info.size;
      assertRangeInside(range, info.size);
      // A store that sends other bytes than asked would break the Content-Length we promise.
      if (contentRange?.replace(/\/.*$/, '').trim() !== `bytes ${range.start}-${range.end}`) {
        await response.body.cancel();
        throw new Error(`S3 GET ${key} answered ${contentRange} for ${range.start}-${range.end}`);
      }
    }
    return { ...info, stream: response.body, range };
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    assertValidKey(key);
    const response = await this.requests.send('HEAD', this.url(key), { timeout: true });
    await response.body?.cancel();
    if (response.status === 404) return null;
    if (!response.ok) throw await s3Error(response, 'HEAD', key);
    return describe(response);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const response = await this.requests.send('DELETE', this.url(key), { timeout: true });
    if (!response.ok && response.status !== 404) throw await s3Error(response, 'DELETE', key);
    await response.body?.cancel();
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = normalizePrefix(prefix);
    const keys = (await this.list(folder)).map((entry) => entry.key);
    // One DELETE per key rather than DeleteObjects: every S3-compatible store supports it, and a
    // post holds a handful of objects.
    let next = 0;
    const worker = async () => {
      while (next < keys.length) await this.delete(keys[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
    return keys.length;
  }

  /** Every object under the folder `prefix`, following ListObjectsV2 continuation tokens. */
  async list(prefix: string): Promise<StoredObjectEntry[]> {
    prefix = normalizePrefix(prefix);
    const keys: StoredObjectEntry[] = [];
    let token: string | undefined;
    do {
      const url = this.url();
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const response = await this.requests.send('GET', url, { timeout: true });
      if (!response.ok) throw await s3Error(response, 'LIST', prefix);
      const xml = await response.text();
      for (const contents of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]*)<\/Key>/.exec(contents[1]!)?.[1];
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(contents[1]!)?.[1];
        if (key) keys.push({ key: decodeXml(key), lastModified: new Date(modified ?? 0) });
      }
      const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
      const nextToken = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && nextToken ? decodeXml(nextToken) : undefined;
    } while (token);
    return keys;
  }

  url(key?: string): URL {
    return s3Url(this.options, key);
  }

  /**
   * A presigned GET (SigV4 in the query string) at the public endpoint. The response headers are
   * fixed by the signed `response-*` parameters, so the URL cannot be altered to serve the object
   * as another type. The signing time is the start of the current minute, so one key gives one URL
   * for a minute and the browser can reuse what it loaded; the URL works from then until
   * `expiresSeconds` later (so for between expiresSeconds - 60 and expiresSeconds from now).
   */
  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    const url = s3Url(publicOptions(this.options), key);
    url.searchParams.set('X-Amz-Expires', String(options.expiresSeconds));
    url.searchParams.set('response-cache-control', options.cacheControl);
    url.searchParams.set('response-content-disposition', options.contentDisposition);
    url.searchParams.set('response-content-type', options.contentType);
    const minute = Math.floor(this.requests.now().getTime() / 60_000) * 60_000;
    return this.requests.presign(url, new Date(minute));
  }
}

function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  const iterator = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(typeof value === 'string' ? Buffer.from(value) : value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel(reason) {
        readable.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Writes a stream of unknown length to `file` and hands back a stream of it plus its size. */
async function spool(
  body: Readable | ReadableStream<Uint8Array>,
  file: string,
): Promise<{ payload: ReadableStream<Uint8Array>; size: number }> {
  await pipeline(toNodeReadable(body), createWriteStream(file, { flags: 'wx' }));
  const { size } = await stat(file);
  return { payload: fileRangeStream(file, { start: 0, end: size - 1 }), size };
}
