import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  AddMediaResponse,
  FeedPost,
  MediaView,
  ProgressPhotosView,
  ShareCollageResponse,
} from '@shared/api-types';
import { COLLAGE_HEIGHT_PX, COLLAGE_WIDTH_PX, type ProgressPose } from '@shared/constants';
import { msg } from '@shared/messages';
import { checkins, weightHistory } from '../../db/schema';
import { checkInToday, dayCheckin } from '../../testing/checkins';
import { downloadExport, exportEntry } from '../../testing/data-export';
import { EXIF_GPS_POINTER_TAG, exifTags, imageMetadata } from '../../testing/image-metadata';
import { testPng } from '../../testing/images';
import { setUpTestApp, type TestClient, type TestMember } from '../../testing/test-app';
import { composeCollage } from './collage';

// Issue 46 (decision 0109): a progress photo is its owner's alone, whoever sees its post: another
// member, a crewmate and an admin get a 404, a signed-out visitor a 401. A collage is a post of its
// own and follows its audience.

const t = setUpTestApp();

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function statuses(client: TestClient, urls: string[]) {
  return Promise.all(urls.map(async (url) => (await client.request(url)).status));
}

const filesOf = (media: { url: string; thumbUrl: string | null }) => [media.url, media.thumbUrl!];

/** An owner, a crewmate in the owner's crew, an outsider and an admin. */
async function people() {
  const owner = await t.member({ displayName: 'Owner' });
  const crewmate = await t.member({ displayName: 'Crewmate' });
  const outsider = await t.member({ displayName: 'Outsider' });
  const admin = await t.member({ displayName: 'Admin' });
  await t.setAdminFlag(admin.userId);
  const { id: crewId } = await json<{ id: string }>(
    await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Photo Crew' } }),
    201,
  );
  const { url } = await json<{ url: string }>(
    await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'POST' }),
    201,
  );
  const token = url.split('/crews/join/')[1];
  await json(
    await crewmate.client.request(`/api/crew-invites/${token}/join`, { method: 'POST' }),
    200,
  );
  return { owner, crewmate, outsider, admin, crewId };
}

/** Today's check-in shared with the crew, with a proof photo marked `pose` (or not) at `index`. */
async function upload(
  member: TestMember,
  checkinId: string,
  index: number,
  pose: ProgressPose | null,
  color = 'red',
): Promise<MediaView> {
  const query = pose ? `&progressPose=${pose}` : '';
  const res = await member.client.request(
    `/api/checkins/${checkinId}/media?index=${index}${query}`,
    {
      method: 'POST',
      body: new Uint8Array(await testPng(color, 60, 80)),
      headers: { 'content-type': 'image/png' },
    },
  );
  return (await json<AddMediaResponse>(res, 201)).media;
}

const list = async (member: TestMember) =>
  json<ProgressPhotosView>(await member.client.request('/api/progress-photos'), 200);

const shareCollage = (member: TestMember, body: object) =>
  member.client.request('/api/progress-photos/collage', { method: 'POST', json: body });

async function crewFeedMedia(member: TestMember, crewId: string): Promise<string[]> {
  const feed = await json<{ posts: FeedPost[] }>(
    await member.client.request(`/api/crews/${crewId}/feed`),
    200,
  );
  return feed.posts.flatMap((p) => p.media.map((m) => m.url));
}

describe('who may load a progress photo', () => {
  it('serves it to its owner alone; the crew sees the rest of the post, and all of it once unmarked', async () => {
    const { owner, crewmate, outsider, admin, crewId } = await people();
    const checkin = await checkInToday(owner.client, {
      ...dayCheckin,
      audience: { kind: 'crew', crewId },
    });
    const proof = await upload(owner, checkin.id, 0, null, 'blue');
    const progress = await upload(owner, checkin.id, 1, 'front');

    expect(await statuses(owner.client, filesOf(progress))).toEqual([200, 200]);
    for (const other of [crewmate, outsider, admin]) {
      const refused = await other.client.request(progress.url);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ code: 'not_found', message: msg.notFound });
      expect(await statuses(other.client, [progress.thumbUrl!])).toEqual([404]);
    }
    expect(await statuses(t.client(), filesOf(progress))).toEqual([401, 401]);
    // The crew still sees the post and its proof photo, never the progress photo.
    expect(await statuses(crewmate.client, filesOf(proof))).toEqual([200, 200]);
    expect(await crewFeedMedia(crewmate, crewId)).toEqual([proof.url]);
    expect(await crewFeedMedia(owner, crewId)).toEqual([proof.url]);

    // Unmarked, it follows its post again.
    await json(
      await owner.client.request(`/api/progress-photos/${progress.id}`, {
        method: 'PATCH',
        json: { pose: null },
      }),
      200,
    );
    expect(await statuses(crewmate.client, filesOf(progress))).toEqual([200, 200]);
    expect(await crewFeedMedia(crewmate, crewId)).toEqual([proof.url, progress.url]);
    expect(await statuses(outsider.client, [progress.url])).toEqual([404]);
  });

  it('lets only the owner mark a proof photo, and lists their photos by day with the weight logged that day', async () => {
    const { owner, outsider } = await people();
    const checkin = await checkInToday(owner.client);
    const proof = await upload(owner, checkin.id, 0, null);
    const mark = (member: TestMember, body: object) =>
      member.client.request(`/api/progress-photos/${proof.id}`, { method: 'PATCH', json: body });

    expect((await mark(outsider, { pose: 'side' })).status).toBe(404);
    expect((await mark(owner, { pose: 'sideways' })).status).toBe(422);
    expect((await list(owner)).proofPhotos.map((p) => p.id)).toEqual([proof.id]);
    await json(await mark(owner, { pose: 'side' }), 200);
    expect(await statuses(outsider.client, filesOf(proof))).toEqual([404, 404]);

    await t.deps.db.insert(weightHistory).values({ userId: owner.userId, weightKg: 81.5 });
    const view = await list(owner);
    expect(view.proofPhotos).toEqual([]);
    expect(view.photos).toEqual([
      {
        id: proof.id,
        day: 1,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        pose: 'side',
        url: proof.url,
        thumbUrl: proof.thumbUrl,
        weightKg: 81.5,
      },
    ]);
    expect(view.canTakePhoto).toBe(true);
    expect((await list(outsider)).photos).toEqual([]);
  });

  it("takes a photo from the Photos tab onto today's check-in, after its edit window too", async () => {
    const member = await t.member();
    const take = () =>
      member.client.request('/api/progress-photos?pose=back', {
        method: 'POST',
        body: new Uint8Array(Buffer.from('x')),
        headers: { 'content-type': 'image/png' },
      });
    const refused = await take();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: msg.progressPhotoNeedsCheckin });
    expect((await list(member)).canTakePhoto).toBe(false);

    const checkin = await checkInToday(member.client);
    await upload(member, checkin.id, 0, null);
    // An hour later: the check-in's edit window has closed for proof, not for a progress photo.
    await t.deps.db
      .update(checkins)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(checkins.id, checkin.id));
    const late = await member.client.request(`/api/checkins/${checkin.id}/media?index=1`, {
      method: 'POST',
      body: new Uint8Array(await testPng('green')),
      headers: { 'content-type': 'image/png' },
    });
    expect(late.status).toBe(403);
    const res = await member.client.request('/api/progress-photos?pose=back', {
      method: 'POST',
      body: new Uint8Array(await testPng('green')),
      headers: { 'content-type': 'image/png' },
    });
    const { media } = await json<AddMediaResponse>(res, 201);
    expect(media.sortIndex).toBe(1);
    expect((await list(member)).photos.map((p) => [p.id, p.pose])).toEqual([[media.id, 'back']]);
    // Added after the window, it stays private: unmarking it would make it late proof.
    const unmark = await member.client.request(`/api/progress-photos/${media.id}`, {
      method: 'PATCH',
      json: { pose: null },
    });
    expect(unmark.status).toBe(403);
    expect(await unmark.json()).toMatchObject({ message: msg.progressPhotoStaysPrivate });
    expect((await list(member)).photos).toHaveLength(1);
  });
});

describe('every progress-photo endpoint, from the router', () => {
  it('asks a signed-out visitor to sign in before the address, query or body is read', async () => {
    const endpoints = [
      ...new Set(
        t.app.routes
          .filter((r) => r.path.startsWith('/api/progress-photos') && r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    for (const endpoint of endpoints) {
      const [method, path] = endpoint.split(' ');
      const res = await t.client().request(path.replace(':id', 'not-an-id'), {
        method,
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 401 });
    }
  });
});

describe('a shared collage', () => {
  async function ownerWithTwoDays() {
    const everyone = await people();
    const { owner } = everyone;
    const checkin = await checkInToday(owner.client);
    const first = await upload(owner, checkin.id, 0, 'front', 'red');
    const second = await upload(owner, checkin.id, 1, 'front', 'blue');
    // The second photo is Day 30's: the check-in moved to another day of the cycle.
    return { ...everyone, checkin, first, second };
  }

  it('follows its post: the crew and the owner see it, an outsider gets a 404, a visitor a 401', async () => {
    const { owner, crewmate, outsider, crewId, first, second } = await ownerWithTwoDays();
    const shared = await json<ShareCollageResponse>(
      await shareCollage(owner, {
        firstId: first.id,
        secondId: second.id,
        audience: { kind: 'crew', crewId },
      }),
      201,
    );
    expect(shared.visibility).toBe('crew');
    const thumb = shared.url.replace(/\.webp$/, '.thumb.webp');
    expect(await statuses(owner.client, [shared.url, thumb])).toEqual([200, 200]);
    expect(await statuses(crewmate.client, [shared.url, thumb])).toEqual([200, 200]);
    expect(await statuses(outsider.client, [shared.url, thumb])).toEqual([404, 404]);
    expect(await statuses(t.client(), [shared.url])).toEqual([401]);
    // The crew's feed carries it, captioned with its days; the photos themselves stay the owner's.
    const feed = await json<{ posts: FeedPost[] }>(
      await crewmate.client.request(`/api/crews/${crewId}/feed`),
      200,
    );
    const post = feed.posts.find((p) => p.id === shared.postId)!;
    expect(post.caption).toBe(msg.collageCaption(1, 1));
    expect(post.media.map((m) => m.url)).toEqual([shared.url]);
    expect(await statuses(crewmate.client, [first.url, second.url])).toEqual([404, 404]);

    // An Only me collage is the owner's alone.
    const mine = await json<ShareCollageResponse>(
      await shareCollage(owner, {
        firstId: first.id,
        secondId: second.id,
        audience: { kind: 'only_me' },
      }),
      201,
    );
    expect(await statuses(owner.client, [mine.url])).toEqual([200]);
    expect(await statuses(crewmate.client, [mine.url])).toEqual([404]);
    expect(await statuses(outsider.client, [mine.url])).toEqual([404]);

    // The stored collage is a WebP of the set size with no EXIF, XMP or ICC (read back).
    const stored = await t.deps.storage.get(shared.url.replace('/api/media/', ''));
    const bytes = Buffer.from(await new Response(stored!.stream).arrayBuffer());
    expect(await imageMetadata(bytes)).toMatchObject({
      format: 'webp',
      width: COLLAGE_WIDTH_PX,
      height: COLLAGE_HEIGHT_PX,
      exif: null,
      xmp: null,
      iptc: null,
      icc: null,
      chunks: ['VP8 '],
    });
  });

  it("refuses anyone else's photos, an unmarked one, one photo twice and a crew the member is not in", async () => {
    const { owner, outsider, first, second, checkin } = await ownerWithTwoDays();
    const onlyMe = { kind: 'only_me' };
    const theirs = await shareCollage(outsider, {
      firstId: first.id,
      secondId: second.id,
      audience: onlyMe,
    });
    expect(theirs.status).toBe(404);
    const unmarked = await upload(owner, checkin.id, 2, null, 'green');
    const withUnmarked = await shareCollage(owner, {
      firstId: first.id,
      secondId: unmarked.id,
      audience: onlyMe,
    });
    expect(withUnmarked.status).toBe(404);
    const twice = await shareCollage(owner, {
      firstId: first.id,
      secondId: first.id,
      audience: onlyMe,
    });
    expect(twice.status).toBe(422);
    const { id: otherCrew } = await json<{ id: string }>(
      await outsider.client.request('/api/crews', { method: 'POST', json: { name: 'Not Yours' } }),
      201,
    );
    const notTheirCrew = await shareCollage(owner, {
      firstId: first.id,
      secondId: second.id,
      audience: { kind: 'crew', crewId: otherCrew },
    });
    expect(notTheirCrew.status).toBe(422);
    expect(await notTheirCrew.json()).toMatchObject({ message: msg.audienceCrewNotYours });
  });

  it('goes into the data export with the photos (day and pose), and account deletion removes them', async () => {
    const { owner, first, second } = await ownerWithTwoDays();
    const shared = await json<ShareCollageResponse>(
      await shareCollage(owner, {
        firstId: first.id,
        secondId: second.id,
        audience: { kind: 'community' },
      }),
      201,
    );
    const { entries } = await downloadExport(owner.client);
    const data = JSON.parse(exportEntry(entries, 'data.json')!.toString('utf8'));
    expect(data.progressPhotos).toEqual([
      expect.objectContaining({ dayNumber: 1, pose: 'front', file: expect.any(String) }),
      expect.objectContaining({ dayNumber: 1, pose: 'front', file: expect.any(String) }),
    ]);
    for (const photo of data.progressPhotos) expect(exportEntry(entries, photo.file)).toBeDefined();
    const collagePost = data.posts.find((p: { id: string }) => p.id === shared.postId);
    expect(collagePost.media).toHaveLength(1);

    const keys = [first.url, second.url, shared.url].map((u) => u.replace('/api/media/', ''));
    await json(
      await owner.client.request('/api/account/delete', {
        method: 'POST',
        json: { confirmation: 'DELETE' },
      }),
      200,
    );
    for (const key of keys) await expect.poll(() => t.deps.storage.stat(key)).toBeNull();
  });
});

describe('composeCollage', () => {
  it('writes none of the EXIF, GPS or XMP its photos carried', async () => {
    const tagged = (background: string) =>
      sharp({ create: { width: 4000, height: 3000, channels: 3, background } })
        .withExif({
          IFD0: { Make: 'PhoneCo', Model: 'Camera 12' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
        })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
        .jpeg()
        .toBuffer();
    const [first, second] = await Promise.all([tagged('red'), tagged('blue')]);
    // The parser sees what the photos carry...
    const input = await imageMetadata(first);
    expect(input.exif?.toString('latin1')).toContain('PhoneCo');
    expect(exifTags(input.exif!)).toContain(EXIF_GPS_POINTER_TAG);
    expect(input.xmp).not.toBeNull();
    // ...and none of it in the collage or its thumbnail.
    const collage = await composeCollage({ image: first, day: 1 }, { image: second, day: 60 });
    for (const image of [collage.image, collage.thumb]) {
      const meta = await imageMetadata(image);
      expect(meta).toMatchObject({ format: 'webp', exif: null, xmp: null, iptc: null, icc: null });
      expect(meta.chunks).toEqual(['VP8 ']);
      expect(image.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });
});
