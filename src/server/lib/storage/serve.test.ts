import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_CACHE_SECONDS } from '@shared/constants';
import { AppError } from '../errors';
import { LocalMediaStorage } from './local-storage';
import { S3MediaStorage } from './s3-storage';
import { MEDIA_CACHE_CONTROL, serveMedia } from './serve';
import type { MediaStorage } from './media-storage';
import { startTestS3, type TestS3 } from '../../testing/storage/s3-server';
import { sampleBytes } from '../../testing/storage/storage-contract';

const KEY = 'u/1/p/clip.mp4';
const bytes = sampleBytes(1000);

function mediaApp(storage: MediaStorage) {
  const app = new Hono();
  app.get('/media/:key{.+}', (c) => serveMedia(c, storage, c.req.param('key')));
  app.get('/restricted/:key{.+}', (c) =>
    serveMedia(c, storage, c.req.param('key'), { cacheControl: MEDIA_CACHE_CONTROL.restricted }),
  );
  app.onError((error, c) =>
    error instanceof AppError
      ? c.json({ code: error.code, message: error.message }, error.status)
      : c.json({ code: 'internal' }, 500),
  );
  return app;
}

let dir: string;
let s3server: TestS3;
const drivers: Record<string, () => MediaStorage> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-serve-'));
  s3server = await startTestS3();
  const local = new LocalMediaStorage(dir);
  const s3 = new S3MediaStorage(s3server.options());
  for (const storage of [local, s3]) await storage.put(KEY, bytes, { contentType: 'video/mp4' });
  drivers.local = () => local;
  drivers.s3 = () => s3;
});
afterAll(async () => {
  await s3server.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('serveMedia over %s storage', (driver) => {
  const request = (headers: Record<string, string> = {}, key = KEY, method = 'GET') =>
    mediaApp(drivers[driver]()).request(`/media/${key}`, { method, headers });
  const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends the whole object with caching and safety headers', async () => {
    const res = await request();
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'cache-control': `private, max-age=${STORAGE_CACHE_SECONDS}`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect((await body(res)).equals(bytes)).toBe(true);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await request({ Range: 'bytes=100-109' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-109/1000');
    expect(res.headers.get('content-length')).toBe('10');
    expect((await body(res)).equals(bytes.subarray(100, 110))).toBe(true);
  });

  it('handles open-ended, suffix and overlong ranges', async () => {
    const open = await request({ Range: 'bytes=990-' });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect((await body(open)).equals(bytes.subarray(990))).toBe(true);

    const suffix = await request({ Range: 'bytes=-5' });
    expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect((await body(suffix)).equals(bytes.subarray(995))).toBe(true);

    const overlong = await request({ Range: 'bytes=998-5000' });
    expect(overlong.status).toBe(206);
    expect((await body(overlong)).equals(bytes.subarray(998))).toBe(true);
  });

  it('answers 416 for a range that starts past the end, open-ended or not', async () => {
    for (const range of ['bytes=1000-1010', 'bytes=1000-', 'bytes=4096-']) {
      const res = await request({ Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe('bytes */1000');
      expect((await body(res)).length, range).toBe(0);
    }
  });

  it('sends the whole object for several ranges or a malformed one', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3', 'items=0-1']) {
      const res = await request({ Range: range });
      expect(res.status, range).toBe(200);
      expect((await body(res)).length, range).toBe(1000);
    }
  });

  it('answers 304 when the client already has this version', async () => {
    const etag = (await request()).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await request({ 'If-None-Match': header });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await body(res)).length).toBe(0);
    }
    expect((await request({ 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it('sends part of the object only if If-Range still matches', async () => {
    const etag = (await request()).headers.get('etag')!;
    expect((await request({ Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
    const changed = await request({ Range: 'bytes=0-9', 'If-Range': '"older"' });
    expect(changed.status).toBe(200);
    expect((await body(changed)).length).toBe(1000);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request({}, KEY, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.body).toBeNull();
  });

  it('sends the Cache-Control it is given on every kind of answer', async () => {
    const app = mediaApp(drivers[driver]());
    const at = (headers: Record<string, string> = {}, method = 'GET') =>
      app.request(`/restricted/${KEY}`, { method, headers });
    const etag = (await at()).headers.get('etag')!;
    for (const res of [
      await at(),
      await at({}, 'HEAD'),
      await at({ Range: 'bytes=0-9' }),
      await at({ Range: 'bytes=5000-' }),
      await at({ 'If-None-Match': etag }),
    ]) {
      expect(res.headers.get('cache-control'), String(res.status)).toBe('private, no-cache');
    }
  });

  it('answers 404, not an error, for a missing object or an impossible key', async () => {
    for (const key of ['u/1/p/missing.mp4', '..%2F..%2Fetc%2Fpasswd', 'u%2F..%2F..%2Fsecret.jpg']) {
      const res = await request({}, key);
      expect(res.status, key).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('serveMedia with presigned downloads', () => {
  const signedApp = (storage: MediaStorage) => {
    const app = new Hono();
    app.on(['GET', 'HEAD'], '/media/:key{.+}', (c) =>
      serveMedia(c, storage, c.req.param('key'), {
        cacheControl: MEDIA_CACHE_CONTROL.restricted,
        signedUrlSeconds: 300,
      }),
    );
    return app;
  };

  it('answers a GET with a 302 to a short-lived URL that serves the file, ranges included', async () => {
    const res = await signedApp(drivers.s3()).request(`/media/${KEY}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(s3server.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('response-content-type')).toBe('video/mp4');
    expect(location.searchParams.get('response-content-disposition')).toBe('inline');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(location, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('still answers HEAD itself', async () => {
    const res = await signedApp(drivers.s3()).request(`/media/${KEY}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
  });

  it('serves a file of unknown type only as a download, never as a page', async () => {
    await drivers.s3().put('u/1/p/page.html', Buffer.from('<script>alert(1)</script>'), {
      contentType: 'text/html',
    });
    const res = await signedApp(drivers.s3()).request('/media/u/1/p/page.html');
    const file = await fetch(res.headers.get('location')!);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe('attachment');
  });

  it('streams through the server when the driver has no signed URLs (local files)', async () => {
    const res = await signedApp(drivers.local()).request(`/media/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
