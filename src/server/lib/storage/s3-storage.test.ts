import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { s3Url, signedUrlOrigin } from './s3-requests';
import { S3MediaStorage } from './s3-storage';
import { createStorage } from './create-storage';
import { startTestS3, type TestS3 } from '../../testing/storage/s3-server';
import {
  fingerprint,
  readAll,
  sampleBytes,
  storageContract,
} from '../../testing/storage/storage-contract';

const credentials = {
  region: 'eu-west-1',
  bucket: 'media',
  accessKeyId: 'AK',
  secretAccessKey: 'SK',
};

describe('s3Url', () => {
  it('uses the bucket host on AWS', () => {
    expect(s3Url(credentials, 'u/1/p/a.webp').href).toBe(
      'https://media.s3.eu-west-1.amazonaws.com/u/1/p/a.webp',
    );
    expect(s3Url(credentials).href).toBe('https://media.s3.eu-west-1.amazonaws.com/');
  });

  it('puts the bucket in the path for a custom endpoint or a dotted bucket name', () => {
    const minio = { ...credentials, endpoint: 'http://localhost:9000/' };
    expect(s3Url(minio, 'u/1/a.jpg').href).toBe('http://localhost:9000/media/u/1/a.jpg');
    expect(s3Url(minio).href).toBe('http://localhost:9000/media');
    expect(s3Url({ ...credentials, bucket: 'media.example.com' }, 'a.jpg').href).toBe(
      'https://s3.eu-west-1.amazonaws.com/media.example.com/a.jpg',
    );
  });

  it('can use the bucket host on a custom endpoint', () => {
    const r2 = {
      ...credentials,
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: false,
    };
    expect(s3Url(r2, 'a.jpg').href).toBe('https://media.acc.r2.cloudflarestorage.com/a.jpg');
  });

  it('points presigned URLs at the public endpoint when there is one', () => {
    const internal = { ...credentials, endpoint: 'http://minio:9000' };
    expect(signedUrlOrigin(internal)).toBe('http://minio:9000');
    expect(signedUrlOrigin({ ...internal, publicEndpoint: 'https://media.example.com' })).toBe(
      'https://media.example.com',
    );
    expect(signedUrlOrigin(credentials)).toBe('https://media.s3.eu-west-1.amazonaws.com');
  });
});

describe('createStorage from the server config', () => {
  it('builds the S3 driver from the environment settings, proxying downloads by default', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://localhost:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    expect(config.storage).toMatchObject({ downloads: 'proxy', signedUrlSeconds: 300 });
    const storage = createStorage({ ...config.storage, dataDir: config.dataDir });
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect((storage as S3MediaStorage).url('a.jpg').href).toBe('http://localhost:9000/media/a.jpg');
  });

  it('reads the download mode and refuses a signed URL lifetime out of bounds', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    const signed = loadConfig({ ...s3, S3_DOWNLOADS: 'signed', S3_SIGNED_URL_SECONDS: '120' });
    expect(signed.storage).toMatchObject({ downloads: 'signed', signedUrlSeconds: 120 });
    expect(() => loadConfig({ ...s3, S3_DOWNLOADS: 'public' })).toThrow(/S3_DOWNLOADS/);
    expect(() => loadConfig({ ...s3, S3_SIGNED_URL_SECONDS: '86400' })).toThrow(
      /S3_SIGNED_URL_SECONDS/,
    );
    // Local files are always served by the server.
    expect(loadConfig({ S3_DOWNLOADS: 'signed' }).storage.downloads).toBe('proxy');
  });
});

describe('S3 request signing', () => {
  it('signs a read with the configured credentials, region and clock, without the network', async () => {
    const sent: Request[] = [];
    const storage = new S3MediaStorage({
      ...credentials,
      now: () => new Date('2026-11-21T10:20:30.456Z'),
      fetch: async (input) => {
        sent.push(input as Request);
        return new Response(null, { status: 404 });
      },
    });
    expect(await storage.stat('u/1/p/a.webp')).toBeNull();
    const request = sent[0];
    expect(request.method).toBe('HEAD');
    expect(request.url).toBe('https://media.s3.eu-west-1.amazonaws.com/u/1/p/a.webp');
    expect(request.headers.get('x-amz-date')).toBe('20261121T102030Z');
    expect(request.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD');
    expect(request.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/20261121\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});

describe('S3 uploads in memory', () => {
  it('asks fetch not to keep a copy of a streamed body for redirects', async () => {
    // fetch clones a request it may have to send again after a redirect, and cloning tees the
    // body: measured, 10 concurrent 100 MB PUTs held 1.1 GB this way, and 127 MB without it
    // (bench/upload-memory.ts measures the server as a whole).
    const calls: { request: Request; init?: RequestInit }[] = [];
    const storage = new S3MediaStorage({
      ...credentials,
      fetch: async (input, init) => {
        calls.push({ request: input as Request, init });
        return new Response(null, { status: 200, headers: { etag: '"e"' } });
      },
    });
    await storage.put('u/1/v.mp4', Readable.from([sampleBytes(10)]), {
      contentType: 'video/mp4',
      contentLength: 10,
    });
    expect(calls[0].request.redirect).toBe('error');
    expect(calls[0].init).toEqual({ window: null });
  });
});

describe('S3 list pages', () => {
  it('follows continuation tokens when deleting a folder', async () => {
    // s3rver cannot page (decision 0026), so the store's answers are canned here.
    const pages = [
      { keys: ['u/9/p/0.jpg', 'u/9/p/1.jpg'], next: 'tok&1' },
      { keys: ['u/9/p/2.jpg', 'u/9/p/3.jpg'], next: 'tok2' },
      { keys: ['u/9/p/x/4.jpg'] },
    ];
    const lists: URL[] = [];
    const deleted: string[] = [];
    const storage = new S3MediaStorage({
      ...credentials,
      endpoint: 'http://s3.test',
      fetch: async (input) => {
        const request = input as Request;
        const url = new URL(request.url);
        if (request.method === 'DELETE') {
          deleted.push(decodeURIComponent(url.pathname.replace('/media/', '')));
          return new Response(null, { status: 204 });
        }
        lists.push(url);
        const page = pages[lists.length - 1];
        const xml = `<ListBucketResult>${page.keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}<IsTruncated>${Boolean(page.next)}</IsTruncated>${page.next ? `<NextContinuationToken>${page.next.replace('&', '&amp;')}</NextContinuationToken>` : ''}</ListBucketResult>`;
        return new Response(xml, { status: 200 });
      },
    });
    expect(await storage.deletePrefix('u/9/p')).toBe(5);
    expect(lists.map((u) => u.searchParams.get('continuation-token'))).toEqual([
      null,
      'tok&1',
      'tok2',
    ]);
    expect(lists.every((u) => u.searchParams.get('prefix') === 'u/9/p/')).toBe(true);
    expect(deleted.sort()).toEqual([
      'u/9/p/0.jpg',
      'u/9/p/1.jpg',
      'u/9/p/2.jpg',
      'u/9/p/3.jpg',
      'u/9/p/x/4.jpg',
    ]);
  });

  it('refuses a range answer that is not the range asked for', async () => {
    const storage = new S3MediaStorage({
      ...credentials,
      fetch: async () =>
        new Response('0123456789', {
          status: 206,
          headers: { 'content-range': 'bytes 0-9/10', 'content-length': '10' },
        }),
    });
    await expect(storage.get('u/1/a.mp4', { start: 0, end: 0 })).rejects.toThrow(
      'S3 GET u/1/a.mp4 answered bytes 0-9/10 for 0-0',
    );
  });
});

describe('S3MediaStorage against a real S3-compatible server (s3rver)', () => {
  let s3: TestS3;
  let storage: S3MediaStorage;
  let tmpDir: string;
  /** Reads an object's stored headers straight from the server, not through the driver. */
  let head: (key: string) => Promise<Response>;

  beforeAll(async () => {
    s3 = await startTestS3();
    tmpDir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-s3-test-'));
    const client = new AwsClient({ ...s3.credentials, service: 's3', retries: 0 });
    head = async (key) =>
      fetch(await client.sign(`${s3.endpoint}/${s3.bucket}/${key}`, { method: 'HEAD' }));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(tmpDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    storage = createStorage({
      driver: 's3',
      s3: s3.options({ tmpDir }),
      dataDir: '/nowhere',
    }) as S3MediaStorage;
    await storage.deletePrefix('u');
    s3.requests.length = 0;
  });

  storageContract(() => storage);

  it('streams an upload of known length with Content-Length, not chunked', async () => {
    const bytes = sampleBytes(300_000);
    await storage.put('u/1/v.mp4', Readable.from([bytes]), {
      contentType: 'video/mp4',
      contentLength: bytes.length,
      cacheSeconds: 3600,
    });
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('content-length')).toBe('300000');
    expect(put.headers.get('transfer-encoding')).toBeNull();
    expect(put.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD');
    const stored = await head('u/1/v.mp4');
    expect(stored.headers.get('content-type')).toBe('video/mp4');
    expect(stored.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(fingerprint(await readAll((await storage.get('u/1/v.mp4'))!.stream))).toBe(
      fingerprint(bytes),
    );
  });

  it('fails an upload whose stream ends before its declared length, and stores nothing', async () => {
    const bytes = sampleBytes(10_000);
    const failure = storage.put('u/1/short.mp4', Readable.from([bytes]), {
      contentType: 'video/mp4',
      contentLength: 20_000,
    });
    await expect(failure).rejects.toThrow();
    expect(await storage.stat('u/1/short.mp4')).toBeNull();
  });

  it('signs the body hash of an in-memory upload, which the server checks', async () => {
    const bytes = sampleBytes(100);
    await storage.put('u/1/a.webp', bytes, { contentType: 'image/webp' });
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('x-amz-content-sha256')).toMatch(/^[0-9a-f]{64}$/);
    expect((await storage.stat('u/1/a.webp'))!.size).toBe(100);
  });

  it('spools a stream of unknown length to learn its size, then cleans up', async () => {
    const bytes = sampleBytes(150_000);
    await storage.put(
      'u/1/s.mp4',
      Readable.from([bytes.subarray(0, 50_000), bytes.subarray(50_000)]),
      { contentType: 'video/mp4' },
    );
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('content-length')).toBe('150000');
    expect(fingerprint(await readAll((await storage.get('u/1/s.mp4'))!.stream))).toBe(
      fingerprint(bytes),
    );
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('reports a refused request without exposing the secret', async () => {
    const wrong = new S3MediaStorage(s3.options({ secretAccessKey: 'not-the-secret' }));
    const failure = wrong.put('u/1/a.webp', sampleBytes(3), { contentType: 'image/webp' });
    await expect(failure).rejects.toThrow('S3 PUT u/1/a.webp failed: 403 SignatureDoesNotMatch');
    await expect(failure).rejects.not.toThrow(/not-the-secret/);
    expect(await storage.stat('u/1/a.webp')).toBeNull();
  });

  it('reads a range through the real HTTP stack', async () => {
    const bytes = sampleBytes(10_000);
    await storage.put('u/1/r.mp4', bytes, { contentType: 'video/mp4' });
    const got = await storage.get('u/1/r.mp4', { start: 9_990, end: 9_999 });
    expect(got!.size).toBe(10_000);
    expect(fingerprint(await readAll(got!.stream))).toBe(fingerprint(bytes.subarray(9_990)));
  });

  describe('presigned download URLs', () => {
    const options = {
      expiresSeconds: 300,
      contentType: 'video/mp4',
      contentDisposition: 'inline',
      cacheControl: 'private, no-cache',
    };
    const bytes = sampleBytes(5_000);
    beforeEach(() => storage.put('u/1/p/clip.mp4', bytes, { contentType: 'video/mp4' }));

    it('serves the object with the signed headers, and ranges of it, to anyone holding the URL', async () => {
      const url = await storage.signedUrl('u/1/p/clip.mp4', options);
      expect(new URL(url).origin).toBe(s3.endpoint);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('content-disposition')).toBe('inline');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(fingerprint(Buffer.from(await res.arrayBuffer()))).toBe(fingerprint(bytes));
      const ranged = await fetch(url, { headers: { Range: 'bytes=4990-4999' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 4990-4999/5000');
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(4990))).toBe(true);
    });

    it('gives one URL per key for a minute, so the browser can reuse what it loaded', async () => {
      let now = new Date('2026-11-22T10:00:05Z');
      const clocked = new S3MediaStorage(s3.options({ now: () => now }));
      const first = await clocked.signedUrl('u/1/p/clip.mp4', options);
      now = new Date('2026-11-22T10:00:55Z');
      expect(await clocked.signedUrl('u/1/p/clip.mp4', options)).toBe(first);
      now = new Date('2026-11-22T10:01:00Z');
      expect(await clocked.signedUrl('u/1/p/clip.mp4', options)).not.toBe(first);
    });

    it('refuses an expired URL', async () => {
      const past = new S3MediaStorage(
        s3.options({ now: () => new Date(Date.now() - 10 * 60_000) }),
      );
      const url = await past.signedUrl('u/1/p/clip.mp4', options);
      const res = await fetch(url);
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/Request has expired/);
    });

    it('refuses a URL that was forged or altered', async () => {
      const url = new URL(await storage.signedUrl('u/1/p/clip.mp4', options));
      const forged = new URL(url);
      const signature = forged.searchParams.get('X-Amz-Signature')!;
      forged.searchParams.set(
        'X-Amz-Signature',
        `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`,
      );
      const asHtml = new URL(url);
      asHtml.searchParams.set('response-content-type', 'text/html');
      const longer = new URL(url);
      longer.searchParams.set('X-Amz-Expires', '604000');
      const otherKey = new URL(url);
      otherKey.pathname = otherKey.pathname.replace('clip.mp4', 'other.mp4');
      await storage.put('u/1/p/other.mp4', bytes, { contentType: 'video/mp4' });
      for (const bad of [forged, asHtml, longer, otherKey]) {
        const res = await fetch(bad);
        expect(res.status, bad.href).toBe(403);
        expect(await res.text()).toMatch(/SignatureDoesNotMatch/);
      }
      const otherSecret = new S3MediaStorage(s3.options({ secretAccessKey: 'guessed' }));
      const guessed = await fetch(await otherSecret.signedUrl('u/1/p/clip.mp4', options));
      expect(guessed.status).toBe(403);
    });
  });
});
