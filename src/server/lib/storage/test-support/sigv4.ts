// An independent AWS Signature V4 check for tests, written from the AWS documentation rather than
// shared with aws4fetch, so the S3 driver's requests are verified by a second implementation.
import { createHash, createHmac } from 'node:crypto';

export interface SignatureInput {
  method: string;
  /** Path as sent on the wire (already percent-encoded). */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  /** e.g. 20130524T000000Z */
  datetime: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function sigV4Signature(input: SignatureInput): string {
  const canonicalQuery = [...input.query.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([k1, v1], [k2, v2]) => (k1 === k2 ? (v1 < v2 ? -1 : 1) : k1 < k2 ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalPath = input.path
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalHeaders = input.signedHeaders
    .map((name) => `${name}:${(input.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
  const date = input.datetime.slice(0, 8);
  const scope = `${date}/${input.region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    input.datetime,
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) =>
    createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), 's3'),
    'aws4_request',
  );
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  signedHeaders: string[];
  signature: string;
}

export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  const match =
    header &&
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return null;
  return {
    accessKeyId: match[1],
    date: match[2],
    region: match[3],
    signedHeaders: match[4].split(';'),
    signature: match[5],
  };
}
