import { describe, expect, it } from 'vitest';
import type { CrewDetail, CrewInvitePreview } from '@shared/api-types';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestMember } from '../../testing/test-app';

// Issue 41, item 4 (decision 0094): a member the owner removes cannot walk straight back in through
// the invite link that was live; others still join by it, a member who left by themself still
// rejoins by it, and a new link lets anyone who has it in.

const t = setUpTestApp();

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function newLink(owner: TestMember, crewId: string): Promise<string> {
  const { url } = await json<{ url: string }>(
    await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'POST' }),
    201,
  );
  return url.split('/crews/join/')[1];
}

const join = (m: TestMember, token: string) =>
  m.client.request(`/api/crew-invites/${token}/join`, { method: 'POST' });
const preview = async (m: TestMember, token: string) =>
  json<CrewInvitePreview>(await m.client.request(`/api/crew-invites/${token}`), 200);
const remove = (owner: TestMember, crewId: string, m: TestMember) =>
  owner.client.request(`/api/crews/${crewId}/members/${m.userId}`, { method: 'DELETE' });
const memberNames = async (owner: TestMember, crewId: string) =>
  (await json<CrewDetail>(await owner.client.request(`/api/crews/${crewId}`), 200)).board
    .map((b) => b.displayName)
    .sort();

describe('a member the owner removes (issue 41)', () => {
  it('cannot rejoin through the link that was live, and is told why; a new link lets them in', async () => {
    const owner = await t.member({ displayName: 'Owner' });
    const rob = await t.member({ displayName: 'Rob' });
    const ann = await t.member({ displayName: 'Ann' });
    const lee = await t.member({ displayName: 'Lee' });
    const { id: crewId } = await json<{ id: string }>(
      await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Dawn Crew' } }),
      201,
    );
    const link = await newLink(owner, crewId);
    for (const m of [rob, lee]) expect((await join(m, link)).status).toBe(200);

    await json(await remove(owner, crewId, rob), 200);
    expect(await preview(rob, link)).toEqual({
      ok: false,
      reason: 'removed',
      message: msg.crewRemovedFromLink,
      crew: null,
      alreadyMember: false,
    });
    const refused = await join(rob, link);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'The crew owner removed you from this crew, so this invite link no longer lets you in.',
    );
    expect((await rob.client.request(`/api/crews/${crewId}`)).status).toBe(404);

    // The link still works for everyone else, and for a member who left by themself.
    expect((await preview(ann, link)).ok).toBe(true);
    expect((await join(ann, link)).status).toBe(200);
    await json(
      await lee.client.request(`/api/crews/${crewId}/members/${lee.userId}`, { method: 'DELETE' }),
      200,
    );
    expect((await join(lee, link)).status).toBe(200);
    expect(await memberNames(owner, crewId)).toEqual(['Ann', 'Lee', 'Owner']);

    // A new link lets anyone who has it in, Rob too; removed again, he is kept out of that one.
    const second = await newLink(owner, crewId);
    expect((await preview(rob, second)).ok).toBe(true);
    expect((await join(rob, second)).status).toBe(200);
    await json(await remove(owner, crewId, rob), 200);
    expect((await join(rob, second)).status).toBe(403);
    expect(await memberNames(owner, crewId)).toEqual(['Ann', 'Lee', 'Owner']);
  });

  it('removed while no link is live, can join by the next link the owner makes', async () => {
    const owner = await t.member({ displayName: 'Owner' });
    const kim = await t.member({ displayName: 'Kim' });
    const { id: crewId } = await json<{ id: string }>(
      await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Late Crew' } }),
      201,
    );
    expect((await join(kim, await newLink(owner, crewId))).status).toBe(200);
    await json(
      await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'DELETE' }),
      200,
    );
    await json(await remove(owner, crewId, kim), 200);
    expect((await join(kim, await newLink(owner, crewId))).status).toBe(200);
    expect(await memberNames(owner, crewId)).toEqual(['Kim', 'Owner']);
  });
});
