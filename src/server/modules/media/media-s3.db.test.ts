// Media on a real S3-compatible server (s3rver), served both ways S3_DOWNLOADS allows: through the
// server, and by a 302 to a presigned URL. Who may load a file is the same either way (decision 0013).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { startTestS3, type TestS3 } from '../../testing/storage/s3-server';
import { mp4Video } from '../../testing/storage/video-files';
import { addCheckinMedia, checkInToday } from '../../testing/checkins';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import { testPng } from '../../testing/images';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

function s3Env(downloads: 'proxy' | 'signed'): Record<string, string> {
  // The byte-built test video has no real codec for ffmpeg to copy; ingest.test covers ffmpeg.
  return s3.env({ S3_DOWNLOADS: downloads, FFMPEG_PATH: 'off' });
}

const png = () => testPng('green');

async function upload(client: TestClient, body: Buffer, type: string) {
  const checkin = await checkInToday(client);
  return addCheckinMedia(client, checkin.id, body, type);
}

const hidePostsOf = (t: TestApp, userId: string) =>
  t.deps.db.execute(sql`update posts set is_hidden = true where user_id = ${userId}`);

describe('media on S3, streamed through the server (S3_DOWNLOADS=proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3Env('proxy'));
  });
  afterAll(() => t?.close());

  it('stores the upload in the bucket and streams it, ranges included, to members who may see it', async () => {
    const owner = await t.member();
    const other = await t.member();
    const video = mp4Video({ mdatBytes: 50_000 });
    const media = await upload(owner.client, video, 'video/mp4');
    const res = await other.client.request(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('location')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(video.length);
    const part = await other.client.request(media.url, { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${video.length}`);

    await hidePostsOf(t, owner.userId);
    expect((await other.client.request(media.url)).status).toBe(404);
    expect((await owner.client.request(media.url)).status).toBe(200);
  });
});

describe('media on S3 by presigned URL (S3_DOWNLOADS=signed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3Env('signed'));
  });
  afterAll(() => t?.close());

  it('sends a member who may see the file to a short-lived URL that serves it', async () => {
    const owner = await t.member();
    const other = await t.member();
    const photo = await upload(owner.client, await png(), 'image/png');

    const res = await other.client.request(photo.url);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(s3.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(300);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('content-disposition')).toBe('inline');
    const stored = await t.deps.storage.get(photo.url.replace('/api/media/', ''));
    expect((await file.arrayBuffer()).byteLength).toBe(stored!.size);
    await stored!.stream.cancel();

    // The thumbnail goes the same way; HEAD is still answered by the server.
    expect((await other.client.request(photo.thumbUrl!)).status).toBe(302);
    const head = await other.client.request(photo.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('lets a video seek through the presigned URL', async () => {
    const owner = await t.member();
    const video = mp4Video({ mdatBytes: 50_000 });
    const media = await upload(owner.client, video, 'video/mp4');
    const res = await owner.client.request(media.url, { headers: { Range: 'bytes=100-199' } });
    expect(res.status).toBe(302);
    const part = await fetch(res.headers.get('location')!, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
  });

  it('gives another member no URL for a hidden post, and its owner and admins one', async () => {
    const owner = await t.member();
    const other = await t.member();
    const photo = await upload(owner.client, await png(), 'image/png');
    await hidePostsOf(t, owner.userId);

    for (const url of [photo.url, photo.thumbUrl!]) {
      const refused = await other.client.request(url);
      expect(refused.status, url).toBe(404);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.json()).toMatchObject({ code: 'not_found', message: msg.notFound });
    }
    const ranged = await other.client.request(photo.url, { headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(404);
    expect((await t.client().request(photo.url)).status).toBe(401);

    const moderator = await t.member();
    await t.setAdminFlag(moderator.userId);
    expect((await moderator.client.request(photo.url)).status).toBe(302);
    const own = await owner.client.request(photo.url);
    expect(own.status).toBe(302);
    // The file a hidden post keeps is not reused from the browser cache without asking again.
    const ownFile = await fetch(own.headers.get('location')!);
    expect(ownFile.status).toBe(200);
    expect(ownFile.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('lets no altered or forged URL through', async () => {
    const owner = await t.member();
    const photo = await upload(owner.client, await png(), 'image/png');
    const location = new URL((await owner.client.request(photo.url)).headers.get('location')!);

    const asHtml = new URL(location);
    asHtml.searchParams.set('response-content-type', 'text/html');
    const forged = new URL(location);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const unsigned = new URL(location);
    unsigned.searchParams.delete('X-Amz-Signature');
    const otherFile = new URL(location);
    otherFile.pathname = otherFile.pathname.replace(/[^/]+\.webp$/, 'someone-else.webp');
    for (const url of [asHtml, forged, otherFile]) {
      const res = await fetch(url);
      expect(res.status, url.href).toBe(403);
    }
    expect((await fetch(unsigned)).status).toBeGreaterThanOrEqual(400);
  });

  it('allows images and video from the bucket in the page policy, and nothing else from it', async () => {
    const res = await t.client().request('/api/health');
    const csp = res.headers.get('content-security-policy')!;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('img-src')).toContain(s3.endpoint);
    expect(directive('media-src')).toContain(s3.endpoint);
    expect(directive('script-src')).not.toContain(s3.endpoint);
    expect(directive('connect-src')).not.toContain(s3.endpoint);
    expect(directive('default-src')).not.toContain(s3.endpoint);
  });
});
