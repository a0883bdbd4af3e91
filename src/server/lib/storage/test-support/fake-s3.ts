// A small in-process S3 look-alike on 127.0.0.1 for tests: enough of PUT, GET (with Range), HEAD,
// DELETE and ListObjectsV2 to exercise the S3 driver, and it checks every request's SigV4
// signature with the independent checker, as S3 would.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization, sha256Hex, sigV4Signature } from './sigv4';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string; region: string };
  objects: Map<string, FakeS3Object>;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const LIST_PAGE_SIZE = 2;

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'stackdays-media';
  const credentials = {
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'test-secret',
    region: 'us-east-1',
  };
  const objects = new Map<string, FakeS3Object>();
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const authError = checkSignature(req, url, body);
    if (authError) return xmlError(res, 403, authError);

    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket');
    const key = rest.map(decodeURIComponent).join('/');

    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      return list(res, url.searchParams);
    }
    if (req.method === 'PUT') {
      if (req.headers['transfer-encoding']) return xmlError(res, 501, 'NotImplemented');
      if (req.headers['content-length'] === undefined)
        return xmlError(res, 411, 'MissingContentLength');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        cacheControl: req.headers['cache-control'],
        etag,
      });
      res.writeHead(200, { ETag: etag });
      return res.end();
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (!object) return xmlError(res, 404, 'NoSuchKey');
    const headers = {
      'Content-Type': object.contentType,
      ETag: object.etag,
      'Last-Modified': new Date(0).toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    if (req.method === 'HEAD') {
      res.writeHead(200, { ...headers, 'Content-Length': object.body.length });
      return res.end();
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), object.body.length - 1);
      if (start >= object.body.length) return xmlError(res, 416, 'InvalidRange');
      res.writeHead(206, {
        ...headers,
        'Content-Length': end - start + 1,
        'Content-Range': `bytes ${start}-${end}/${object.body.length}`,
      });
      return res.end(object.body.subarray(start, end + 1));
    }
    res.writeHead(200, { ...headers, 'Content-Length': object.body.length });
    res.end(object.body);
  }

  function list(res: ServerResponse, params: URLSearchParams) {
    const prefix = params.get('prefix') ?? '';
    const after = params.get('continuation-token');
    const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const start = after ? all.findIndex((k) => k > Buffer.from(after, 'base64url').toString()) : 0;
    const page = start === -1 ? [] : all.slice(start, start + LIST_PAGE_SIZE);
    const truncated = start !== -1 && start + LIST_PAGE_SIZE < all.length;
    const token = truncated ? Buffer.from(page[page.length - 1]).toString('base64url') : '';
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name>` +
        `<Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
        page.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join('') +
        `<IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${token}</NextContinuationToken>` : '') +
        `</ListBucketResult>`,
    );
  }

  function checkSignature(req: IncomingMessage, url: URL, body: Buffer): string | null {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth || auth.accessKeyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      return 'XAmzContentSHA256Mismatch';
    }
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!auth.signedHeaders.includes(required)) return 'AccessDenied';
    }
    const expected = sigV4Signature({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      ),
      signedHeaders: auth.signedHeaders,
      payloadHash,
      datetime: String(req.headers['x-amz-date']),
      region: auth.region,
      accessKeyId: auth.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
    });
    return expected === auth.signature ? null : 'SignatureDoesNotMatch';
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function xmlError(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}
