import { AwsClient } from 'aws4fetch';
import { FALLBACK_CONTENT_TYPE } from './media-formats';
import type { MediaObjectInfo } from './media-storage';

// Talking to an S3-compatible store: its options, the address of a bucket or an object, one signed
// request (aws4fetch: SigV4 over the built-in fetch, no SDK), and reading what S3 answers.

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

/** Signs requests for one bucket's credentials and sends them, on the options' fetch and clock. */
export class S3Requests {
  private readonly client: AwsClient;
  private readonly fetchImpl: typeof fetch;
  readonly now: () => Date;

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

  /** Signs and sends one request. `timeout` bounds the wait for headers, never the body. */
  async send(
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

  /** `url` presigned for a GET (SigV4 in the query string), signed as at `datetime`. */
  async presign(url: URL, datetime: Date): Promise<string> {
    const signed = await this.client.sign(url.toString(), {
      method: 'GET',
      aws: { signQuery: true, datetime: amzDate(datetime) },
    });
    return signed.url;
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

/** The options with the endpoint browsers reach (publicEndpoint) in place of the server's. */
export function publicOptions(options: S3StorageOptions): S3StorageOptions {
  return { ...options, endpoint: options.publicEndpoint ?? options.endpoint };
}

function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** An object's size, type, ETag and date, from the headers S3 answered with. */
export function describe(response: Response): MediaObjectInfo {
  const modified = response.headers.get('last-modified');
  return {
    size: Number(response.headers.get('content-length') ?? 0),
    contentType: response.headers.get('content-type') ?? FALLBACK_CONTENT_TYPE,
    etag: response.headers.get('etag') ?? '""',
    lastModified: modified ? new Date(modified) : undefined,
  };
}

/** The object's whole size from a Content-Range header (`bytes 0-9/1234`). */
export function totalFromContentRange(header: string | null): number | undefined {
  const total = header && /\/(\d+)\s*$/.exec(header)?.[1];
  return total ? Number(total) : undefined;
}

/** The error for a request S3 refused, named by its operation, key, status and S3's code. */
export async function s3Error(response: Response, operation: string, key: string): Promise<Error> {
  // Only an error status carries a small XML body worth reading; anything else may be the object.
  const text = response.status >= 400 ? await response.text().catch(() => '') : '';
  if (response.status < 400) await response.body?.cancel();
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? response.statusText;
  return new Error(`S3 ${operation} ${key} failed: ${response.status} ${code}`.trim());
}

/** Text of an XML element as S3 listed it (entities decoded). */
export function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity[0] === '#') {
      const hex = entity[1] === 'x';
      return String.fromCodePoint(parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[entity] ?? '';
  });
}
