import { describe, expect, it } from 'vitest';
import type { AddMediaResponse } from '@shared/api-types';
import { COLLAGES_PER_HOUR } from '@shared/constants';
import { msg } from '@shared/messages';
import { checkInToday } from '../../testing/checkins';
import { testPng } from '../../testing/images';
import { setUpTestApp, type TestMember } from '../../testing/test-app';

// A collage is composed on the server (two decodes and two encodes) and posted: a member looping on
// it would tie up the server and flood a feed with posts (issue 46, threat #115).

const t = setUpTestApp();

async function progressPhoto(member: TestMember, checkinId: string, index: number) {
  const res = await member.client.request(
    `/api/checkins/${checkinId}/media?index=${index}&progressPose=front`,
    {
      method: 'POST',
      body: new Uint8Array(await testPng(index ? 'blue' : 'red', 60, 80)),
      headers: { 'content-type': 'image/png' },
    },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as AddMediaResponse).media.id;
}

describe('sharing collages', () => {
  it(`is limited to ${COLLAGES_PER_HOUR} an hour: then 429 with the wait, and no post`, async () => {
    const member = await t.member();
    const checkin = await checkInToday(member.client);
    const firstId = await progressPhoto(member, checkin.id, 0);
    const secondId = await progressPhoto(member, checkin.id, 1);
    const share = () =>
      member.client.request('/api/progress-photos/collage', {
        method: 'POST',
        json: { firstId, secondId, audience: { kind: 'community' } },
      });
    for (let i = 0; i < COLLAGES_PER_HOUR; i++) expect((await share()).status).toBe(201);
    const refused = await share();
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; details: { retryAfter: number } };
    expect(body.message).toBe(msg.collageRateLimited(body.details.retryAfter));
    const feed = (await (await member.client.request('/api/feed')).json()) as {
      posts: { caption: string | null }[];
    };
    expect(feed.posts.filter((p) => p.caption === msg.collageCaption(1, 1))).toHaveLength(
      COLLAGES_PER_HOUR,
    );
  });
});
