import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { S3MediaStorage, s3Url, type S3StorageOptions } from './s3-storage';
import { createStorage } from './storage';
import { startFakeS3, type FakeS3 } from './test-support/fake-s3';
import { sha256Hex, sigV4Signature } from './test-support/sigv4';
import {
  fingerprint,
  readAll,
  sampleBytes,
  storageContract,
} from './test-support/storage-contract';

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
});

describe('createStorage from the server config', () => {
  it('builds the S3 driver from the environment settings', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://localhost:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    const storage = createStorage({ ...config.storage, dataDir: config.dataDir });
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect((storage as S3MediaStorage).url('a.jpg').href).toBe('http://localhost:9000/media/a.jpg');
  });
});

describe('S3 request signing', () => {
  it('the independent checker reproduces the GET Object example in the AWS SigV4 docs', () => {
    const emptyHash = sha256Hex('');
    const signature = sigV4Signature({
      method: 'GET',
      path: '/test.txt',
      query: new URLSearchParams(),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyHash,
        'x-amz-date': '20130524T000000Z',
      },
      signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      payloadHash: emptyHash,
      datetime: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

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
    const authorization = request.headers.get('authorization')!;
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/20261121\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    const expected = sigV4Signature({
      method: 'HEAD',
      path: '/u/1/p/a.webp',
      query: new URLSearchParams(),
      headers: {
        host: 'media.s3.eu-west-1.amazonaws.com',
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        'x-amz-date': '20261121T102030Z',
      },
      signedHeaders: ['host', 'x-amz-content-sha256', 'x-amz-date'],
      payloadHash: 'UNSIGNED-PAYLOAD',
      datetime: '20261121T102030Z',
      region: 'eu-west-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
    });
    expect(authorization.endsWith(`Signature=${expected}`)).toBe(true);
  });
});

describe('S3MediaStorage against an in-process S3 look-alike', () => {
  let fake: FakeS3;
  let storage: S3MediaStorage;
  let tmpDir: string;

  beforeAll(async () => {
    fake = await startFakeS3();
    tmpDir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-s3-test-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(tmpDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.objects.clear();
    fake.requests.length = 0;
    const options: S3StorageOptions = {
      endpoint: fake.endpoint,
      bucket: fake.bucket,
      ...fake.credentials,
      tmpDir,
    };
    storage = createStorage({ driver: 's3', s3: options, dataDir: '/nowhere' }) as S3MediaStorage;
  });

  storageContract(() => storage);

  it('streams an upload of known length with Content-Length, not chunked', async () => {
    const bytes = sampleBytes(300_000);
    await storage.put('u/1/v.mp4', Readable.from([bytes]), {
      contentType: 'video/mp4',
      contentLength: bytes.length,
      cacheSeconds: 3600,
    });
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers['content-length']).toBe('300000');
    expect(put.headers['transfer-encoding']).toBeUndefined();
    expect(put.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(fake.objects.get('u/1/v.mp4')).toMatchObject({
      contentType: 'video/mp4',
      cacheControl: 'private, max-age=3600',
    });
    expect(fingerprint(fake.objects.get('u/1/v.mp4')!.body)).toBe(fingerprint(bytes));
  });

  it('signs the body hash of an in-memory upload', async () => {
    const bytes = sampleBytes(100);
    await storage.put('u/1/a.webp', bytes, { contentType: 'image/webp' });
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers['x-amz-content-sha256']).toBe(sha256Hex(bytes));
  });

  it('spools a stream of unknown length to learn its size, then cleans up', async () => {
    const bytes = sampleBytes(150_000);
    await storage.put(
      'u/1/s.mp4',
      Readable.from([bytes.subarray(0, 50_000), bytes.subarray(50_000)]),
      {
        contentType: 'video/mp4',
      },
    );
    expect(fingerprint(fake.objects.get('u/1/s.mp4')!.body)).toBe(fingerprint(bytes));
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('follows list pages when deleting a folder', async () => {
    for (let i = 0; i < 5; i++) {
      await storage.put(`u/9/p/${i}.jpg`, sampleBytes(1), { contentType: 'image/jpeg' });
    }
    expect(await storage.deletePrefix('u/9/p')).toBe(5);
    expect(fake.objects.size).toBe(0);
    const lists = fake.requests.filter((r) => r.url.includes('list-type=2'));
    expect(lists.length).toBe(3);
  });

  it('reports a refused request without exposing the secret', async () => {
    const wrong = new S3MediaStorage({
      endpoint: fake.endpoint,
      bucket: fake.bucket,
      ...fake.credentials,
      secretAccessKey: 'not-the-secret',
    });
    const failure = wrong.put('u/1/a.webp', sampleBytes(3), { contentType: 'image/webp' });
    await expect(failure).rejects.toThrow('S3 PUT u/1/a.webp failed: 403 SignatureDoesNotMatch');
    await expect(failure).rejects.not.toThrow(/not-the-secret/);
  });

  it('reads a range through the real HTTP stack', async () => {
    const bytes = sampleBytes(10_000);
    await storage.put('u/1/r.mp4', bytes, { contentType: 'video/mp4' });
    const got = await storage.get('u/1/r.mp4', { start: 9_990, end: 9_999 });
    expect(got!.size).toBe(10_000);
    expect(fingerprint(await readAll(got!.stream))).toBe(fingerprint(bytes.subarray(9_990)));
  });
});
