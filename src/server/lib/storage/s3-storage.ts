import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { fileRangeStream, isBytes, toNodeReadable } from './file-stream';
import { assertValidKey, normalizePrefix } from './keys';
import { assertRangeInside } from './range';
import { FALLBACK_CONTENT_TYPE } from './media-formats';
import type {
  ByteRange,
  MediaBody,
  MediaObject,
  MediaObjectInfo,
  MediaStorage,
  PutOptions,
  SignedUrlOptions,
  StoredObjectEntry,
} from './storage';

export interface S3StorageOptions {
  /** e.g. `http://localhost:9000` (MinIO) or `https://<account>.r2.cloudflarestorage.com`; AWS when omitted. */
  endpoint?: string;
  /** Where browsers reach the bucket, for presigned download URLs. Default: `endpoint`. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`. Default: true with an endpoint, false on AWS. */
  forcePathStyle?: boolean;
  /** Where a stream of unknown length is spooled before upload. Default: the OS temp directory. */
  tmpDir?: string;
  /** How long to wait for response headers of a read or delete. Uploads wait as long as they take. */
  requestTimeoutMs?: number;
  /** Injection points for tests. */
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** fetch's init for a signed request: see send(). */
const NO_CLONE: RequestInit = { window: null };
const DELETE_CONCURRENCY = 8;

/**
 * S3-compatible object storage through aws4fetch (SigV4 signing over the built-in fetch, no SDK).
 * Streamed bodies are sent with UNSIGNED-PAYLOAD and an explicit Content-Length, as S3 refuses
 * chunked uploads without one; Buffers are sent with their SHA-256 signed.
 * No retries: a streamed body cannot be replayed, and the caller reports the failure instead.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: AwsClient;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 0,
    });
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
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
      const response = await this.send('PUT', this.url(key), { headers, body: payload });
      if (!response.ok) throw await s3Error(response, 'PUT', key);
      await response.body?.cancel();
      return {
        size,
        contentType: options.contentType,
        etag: response.headers.get('etag') ?? `"${randomUUID()}"`,
        lastModified: this.now(),
      };
    } finally {
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    assertValidKey(key);
    const headers: Record<string, string> = {};
    if (range) headers.range = `bytes=${range.start}-${range.end}`;
    const response = await this.send('GET', this.url(key), { headers, timeout: true });
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
    const response = await this.send('HEAD', this.url(key), { timeout: true });
    await response.body?.cancel();
    if (response.status === 404) return null;
    if (!response.ok) throw await s3Error(response, 'HEAD', key);
    return describe(response);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const response = await this.send('DELETE', this.url(key), { timeout: true });
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
      const response = await this.send('GET', url, { timeout: true });
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
    const minute = Math.floor(this.now().getTime() / 60_000) * 60_000;
    const signed = await this.client.sign(url.toString(), {
      method: 'GET',
      aws: { signQuery: true, datetime: amzDate(new Date(minute)) },
    });
    return signed.url;
  }

  /** Signs and sends one request. `timeout` bounds the wait for headers, never the body. */
  private async send(
    method: string,
    url: URL,
    init: {
      headers?: Record<string, string>;
      body?: Uint8Array | ReadableStream<Uint8Array>;
      timeout?: boolean;
    },
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = init.timeout
      ? setTimeout(
          () => controller.abort(new Error(`S3 ${method} timed out`)),
          this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        )
      : undefined;
    try {
      const request = await this.client.sign(url.toString(), {
        method,
        headers: init.headers,
        body: init.body as BodyInit | undefined,
        signal: controller.signal,
        redirect: 'error',
        aws: { datetime: amzDate(this.now()) },
      });
      // Without `window: null` and `redirect: 'error'`, fetch clones the request to be able to
      // follow a redirect, and cloning tees a streamed body: the copy nobody reads keeps every
      // byte, so each upload would sit whole in memory (seen: 10 x 100 MB PUTs, 1 GB RSS).
      return await this.fetchImpl(request, NO_CLONE);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Object (or, without a key, bucket) URL. Path style puts the bucket in the path and works with
 * every S3-compatible server; AWS without an endpoint uses the bucket's own host, except for
 * bucket names with dots, which would not match the wildcard TLS certificate.
 */
export function s3Url(options: S3StorageOptions, key?: string): URL {
  const encodedKey = key === undefined ? '' : key.split('/').map(encodeURIComponent).join('/');
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const pathStyle =
    options.forcePathStyle ?? (options.endpoint !== undefined || options.bucket.includes('.'));
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const url = new URL(endpoint.origin);
  if (pathStyle) {
    url.pathname = `${basePath}/${encodeURIComponent(options.bucket)}${key === undefined ? '' : `/${encodedKey}`}`;
  } else {
    url.host = `${options.bucket}.${endpoint.host}`;
    url.pathname = `${basePath}/${encodedKey}`;
  }
  return url;
}

/** The origin presigned URLs point at: for the Content-Security-Policy of the pages. */
export function signedUrlOrigin(options: S3StorageOptions): string {
  return s3Url(publicOptions(options)).origin;
}

function publicOptions(options: S3StorageOptions): S3StorageOptions {
  return { ...options, endpoint: options.publicEndpoint ?? options.endpoint };
}

function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

function describe(response: Response): MediaObjectInfo {
  const modified = response.headers.get('last-modified');
  return {
    size: Number(response.headers.get('content-length') ?? 0),
    contentType: response.headers.get('content-type') ?? FALLBACK_CONTENT_TYPE,
    etag: response.headers.get('etag') ?? '""',
    lastModified: modified ? new Date(modified) : undefined,
  };
}

function totalFromContentRange(header: string | null): number | undefined {
  const total = header && /\/(\d+)\s*$/.exec(header)?.[1];
  return total ? Number(total) : undefined;
}

async function s3Error(response: Response, operation: string, key: string): Promise<Error> {
  // Only an error status carries a small XML body worth reading; anything else may be the object.
  const text = response.status >= 400 ? await response.text().catch(() => '') : '';
  if (response.status < 400) await response.body?.cancel();
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? response.statusText;
  return new Error(`S3 ${operation} ${key} failed: ${response.status} ${code}`.trim());
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity[0] === '#') {
      const hex = entity[1] === 'x';
      return String.fromCodePoint(parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[entity] ?? '';
  });
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
