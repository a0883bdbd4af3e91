import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AddMediaResponse, MediaView } from '@shared/api-types';
import { STORAGE_CACHE_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { postMedia } from '../../db/schema';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { testPng } from '../../testing/images';

const t = setUpTestApp();

const png = (color: string) => testPng(color);

async function upload(client: TestClient, path: string, color: string): Promise<MediaView> {
  const res = await client.request(path, {
    method: 'POST',
    body: await png(color),
    headers: { 'content-type': 'image/png' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as AddMediaResponse).media;
}

/** A member who checked in with a photo and added an update with another photo. */
async function memberWithProof() {
  const member = await t.member();
  const checkin = await checkInToday(member.client);
  const photo = await upload(member.client, `/api/checkins/${checkin.id}/media?index=0`, 'red');
  const added = await member.client.request(`/api/checkins/${checkin.id}/updates`, {
    method: 'POST',
    json: { body: 'Evening walk too', mediaCount: 1 },
  });
  expect(added.status).toBe(201);
  const { update } = await added.json();
  const updatePhoto = await upload(
    member.client,
    `/api/updates/${update.id}/media?index=0`,
    'blue',
  );
  return { ...member, photo, updatePhoto, urls: [photo.url, photo.thumbUrl!, updatePhoto.url] };
}

async function admin() {
  const member = await t.member();
  await t.setAdminFlag(member.userId);
  return member;
}

const keyOf = (url: string) => url.replace(/^\/api\/media\//, '');

const hidePostsOf = (userId: string) =>
  t.deps.db.execute(sql`update posts set is_hidden = true where user_id = ${userId}`);

async function statuses(client: TestClient, urls: string[], method = 'GET') {
  return Promise.all(urls.map(async (url) => (await client.request(url, { method })).status));
}

describe('who can load a proof file', () => {
  it("serves a visible post's photo, thumbnail and update photo to every member", async () => {
    const owner = await memberWithProof();
    const other = await t.member();
    expect(owner.photo.thumbUrl).toMatch(/\.thumb\.webp$/);
    expect(await statuses(other.client, owner.urls)).toEqual([200, 200, 200]);
    expect(await statuses(other.client, owner.urls, 'HEAD')).toEqual([200, 200, 200]);
    const res = await other.client.request(owner.photo.url);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(`private, max-age=${STORAGE_CACHE_SECONDS}`);
  });

  it('keeps a hidden post’s files from other members, and serves them to the owner and admins', async () => {
    const owner = await memberWithProof();
    const other = await t.member();
    const moderator = await admin();
    await hidePostsOf(owner.userId);

    expect(await statuses(other.client, owner.urls)).toEqual([404, 404, 404]);
    expect(await statuses(other.client, owner.urls, 'HEAD')).toEqual([404, 404, 404]);
    const refused = await other.client.request(owner.photo.url);
    expect(await refused.json()).toMatchObject({ code: 'not_found', message: msg.notFound });
    // Ranges and revalidation are no way around it either.
    const ranged = await other.client.request(owner.photo.url, { headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(404);
    const revalidated = await other.client.request(owner.photo.url, {
      headers: { 'If-None-Match': '*' },
    });
    expect(revalidated.status).toBe(404);

    expect(await statuses(owner.client, owner.urls)).toEqual([200, 200, 200]);
    expect(await statuses(moderator.client, owner.urls)).toEqual([200, 200, 200]);
    // Only people allowed to see it get it, and their browser checks back before each reuse.
    const own = await owner.client.request(owner.photo.url);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    const etag = own.headers.get('etag')!;
    const again = await owner.client.request(owner.photo.url, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keeps the files of a private post from other members', async () => {
    const owner = await memberWithProof();
    const other = await t.member();
    await t.deps.db.execute(
      sql`update posts set visibility = 'private' where user_id = ${owner.userId}`,
    );
    expect(await statuses(other.client, owner.urls)).toEqual([404, 404, 404]);
    expect(await statuses(owner.client, owner.urls)).toEqual([200, 200, 200]);
  });

  it('answers 404 for a key with no media row: forged, in flight or deleted', async () => {
    const owner = await memberWithProof();
    const other = await t.member();
    const folder = owner.photo.url.slice(0, owner.photo.url.lastIndexOf('/'));

    // A file in storage whose row does not exist (yet): an upload in flight, or a forged path.
    const stray = `${keyOf(folder)}/${randomUUID()}.webp`;
    await t.deps.storage.put(stray, await png('white'), { contentType: 'image/webp' });
    for (const client of [owner.client, other.client]) {
      expect((await client.request(`/api/media/${stray}`)).status).toBe(404);
    }
    // Paths that look like media but name nothing, or try to climb out of the media folder.
    for (const path of [
      `${folder}/${randomUUID()}.webp`,
      `/api/media/u/${other.userId}/updates/${randomUUID()}/${randomUUID()}.mp4`,
      '/api/media/..%2F..%2Fauth-secret',
      '/api/media/u/%2E%2E/%2E%2E/auth-secret',
      `${owner.updatePhoto.url}.thumb.webp`,
    ]) {
      expect((await other.client.request(path)).status, path).toBe(404);
    }

    // A deleted row takes the file's address with it, for everyone.
    await t.deps.db.delete(postMedia).where(eq(postMedia.storagePath, keyOf(owner.photo.url)));
    expect(await statuses(owner.client, [owner.photo.url, owner.photo.thumbUrl!])).toEqual([
      404, 404,
    ]);
  });

  it('asks a signed-out visitor to sign in, for real and made-up keys alike', async () => {
    const owner = await memberWithProof();
    const visitor = t.client();
    for (const url of [...owner.urls, `/api/media/u/x/${randomUUID()}.webp`]) {
      const res = await visitor.request(url);
      expect(res.status, url).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'unauthorized',
        message: msg.pleaseSignInFirst,
      });
    }
  });

  it('answers a broken % escape in a media path with a 404, not a 500', async () => {
    const member = await t.member();
    for (const path of ['/api/media/u/%E0%A4%A', '/api/media/%', '/api/media/u/%zz/x.webp']) {
      const res = await member.client.request(path);
      expect(res.status, path).toBe(404);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'not_found', message: msg.notFound });
      expect(typeof body.requestId).toBe('string');
    }
  });
});
