import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  CheckinView,
  TodayResponse,
  AddMediaResponse,
  CrewDetail,
  CrewInvitePreview,
  FeedPage,
  MyCrews,
} from '@shared/api-types';
import { CREW_MAX_MEMBERS, CREWS_PER_MEMBER } from '@shared/constants';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient, type TestMember } from '../../testing/test-app';
import { auditEvents, crews, userSettings } from '../../db/schema';
import { getCrew } from './service';
import { joinByInvite } from './invite-links';
import { computeCommunityBoard } from '../community/leaderboard';
import { testPng } from '../../testing/images';

// Crews and who sees a post (issue 30, decisions 0046-0047), through the HTTP API as members use it.

const t = setUpTestApp();

const png = (color: string) => testPng(color);

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function createCrew(owner: TestMember, name = 'Morning Crew') {
  return json<{ id: string }>(
    await owner.client.request('/api/crews', { method: 'POST', json: { name } }),
    201,
  );
}

async function inviteUrl(owner: TestMember, crewId: string): Promise<string> {
  const link = await json<{ url: string }>(
    await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'POST' }),
    201,
  );
  return link.url;
}

const tokenOf = (url: string) => url.split('/crews/join/')[1];

async function join(member: TestMember, url: string) {
  return member.client.request(`/api/crew-invites/${tokenOf(url)}/join`, { method: 'POST' });
}

/** A crew of `owner` with the given members joined by link. */
async function crewWith(owner: TestMember, ...members: TestMember[]) {
  const crew = await createCrew(owner);
  const url = await inviteUrl(owner, crew.id);
  for (const m of members) expect((await join(m, url)).status).toBe(200);
  return { crewId: crew.id, url };
}

async function checkIn(member: TestMember, audience?: unknown, journalMd = 'Day done') {
  const { checkin } = await json<{ checkin: { id: string; postId: string } }>(
    await member.client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 30, steps: 6000, journalMd, audience },
    }),
    201,
  );
  const photo = await json<AddMediaResponse>(
    await member.client.request(`/api/checkins/${checkin.id}/media?index=0`, {
      method: 'POST',
      body: await png('red'),
      headers: { 'content-type': 'image/png' },
    }),
    201,
  );
  return { checkinId: checkin.id, postId: checkin.postId, photo: photo.media };
}

const feedIds = async (client: TestClient, path = '/api/feed') =>
  (await json<FeedPage>(await client.request(path), 200)).posts.map((p) => p.id);

describe('crews', () => {
  it('are made by their owner, joined by link, and shown with name, owner and member count', async () => {
    const maya = await t.member({ displayName: 'Maya' });
    const alex = await t.member({ displayName: 'Alex' });
    const crew = await createCrew(maya, '  Sunrise Squad  ');
    const url = await inviteUrl(maya, crew.id);
    expect(url).toMatch(/^http:\/\/localhost:3000\/crews\/join\/[A-Za-z0-9_-]{32}$/);

    const preview = await json<CrewInvitePreview>(
      await alex.client.request(`/api/crew-invites/${tokenOf(url)}`),
      200,
    );
    expect(preview).toMatchObject({
      ok: true,
      crew: { id: crew.id, name: 'Sunrise Squad', ownerName: 'Maya', memberCount: 1 },
      alreadyMember: false,
    });
    expect((await join(alex, url)).status).toBe(200);
    // Twice in a row: still one membership.
    expect((await join(alex, url)).status).toBe(200);

    const mine = await json<MyCrews>(await alex.client.request('/api/crews'), 200);
    expect(mine.crews).toEqual([
      expect.objectContaining({
        name: 'Sunrise Squad',
        ownerName: 'Maya',
        memberCount: 2,
        isOwner: false,
      }),
    ]);
    const detail = await json<CrewDetail>(await maya.client.request(`/api/crews/${crew.id}`), 200);
    expect(detail.crew).toMatchObject({ memberCount: 2, isOwner: true });
    expect(detail.invite?.url).toBe(url);
    expect(detail.board.map((b) => b.displayName).sort()).toEqual(['Alex', 'Maya']);
    // Only the owner sees the link.
    const alexView = await json<CrewDetail>(
      await alex.client.request(`/api/crews/${crew.id}`),
      200,
    );
    expect(alexView.invite).toBeNull();
  });

  it('refuse a blank name, a name over 40 characters and a name with a line break', async () => {
    const maya = await t.member();
    for (const name of ['   ', 'x'.repeat(41), 'two\nlines', 'nul\u0000']) {
      const res = await maya.client.request('/api/crews', { method: 'POST', json: { name } });
      expect(res.status, name).toBe(422);
    }
    expect((await createCrew(maya, 'x'.repeat(40))).id).toBeTruthy();
  });

  it('let only the owner rename, remove a member, make a link and close; anyone can leave', async () => {
    const owner = await t.member({ displayName: 'Owner' });
    const b = await t.member({ displayName: 'B' });
    const c = await t.member({ displayName: 'C' });
    const { crewId } = await crewWith(owner, b, c);
    for (const [method, path, body] of [
      ['PATCH', `/api/crews/${crewId}`, { name: 'Mine now' }],
      ['POST', `/api/crews/${crewId}/invite`, undefined],
      ['DELETE', `/api/crews/${crewId}/invite`, undefined],
      ['DELETE', `/api/crews/${crewId}/members/${c.userId}`, undefined],
      ['DELETE', `/api/crews/${crewId}`, undefined],
    ] as const) {
      const res = await b.client.request(path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).message).toBe(msg.crewOwnerOnly);
    }
    await json(
      await owner.client.request(`/api/crews/${crewId}`, {
        method: 'PATCH',
        json: { name: 'Renamed' },
      }),
      200,
    );
    await json(
      await owner.client.request(`/api/crews/${crewId}/members/${c.userId}`, { method: 'DELETE' }),
      200,
    );
    expect((await c.client.request(`/api/crews/${crewId}`)).status).toBe(404);
    await json(
      await b.client.request(`/api/crews/${crewId}/members/${b.userId}`, { method: 'DELETE' }),
      200,
    );
    expect((await b.client.request(`/api/crews/${crewId}`)).status).toBe(404);
    const detail = await json<CrewDetail>(await owner.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.crew).toMatchObject({ name: 'Renamed', memberCount: 1 });
  });

  it('pass to the longest-standing member when the owner leaves', async () => {
    const owner = await t.member({ displayName: 'First' });
    const second = await t.member({ displayName: 'Second' });
    const third = await t.member({ displayName: 'Third' });
    const { crewId } = await crewWith(owner, second, third);
    await json(
      await owner.client.request(`/api/crews/${crewId}/members/${owner.userId}`, {
        method: 'DELETE',
      }),
      200,
    );
    const detail = await json<CrewDetail>(await third.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.crew.ownerName).toBe('Second');
    const secondView = await json<CrewDetail>(
      await second.client.request(`/api/crews/${crewId}`),
      200,
    );
    expect(secondView.crew.isOwner).toBe(true);
  });
});

describe('crew pages read at the same moment (one batch)', () => {
  it('answer each member with their own crew, and a stranger with nothing', async () => {
    const [ana, ben, cal, dee, eve] = await Promise.all(
      ['Ana', 'Ben', 'Cal', 'Dee', 'Eve'].map((displayName) => t.member({ displayName })),
    );
    const first = await crewWith(ana, ben);
    const second = await crewWith(cal, dee);
    await checkIn(ben);
    const page = async (member: TestMember, crewId: string) => {
      const res = await member.client.request(`/api/crews/${crewId}`);
      if (res.status !== 200) return res.status;
      const detail = (await res.json()) as CrewDetail;
      return {
        crew: detail.crew.id,
        isOwner: detail.crew.isOwner,
        board: detail.board.map((b) => [b.displayName, b.isMe, b.checkedInToday]),
      };
    };
    const asks: Array<[TestMember, string]> = [
      [ana, first.crewId],
      [ben, first.crewId],
      [cal, second.crewId],
      [dee, second.crewId],
      [eve, first.crewId],
      [cal, first.crewId],
    ];
    const alone = [];
    for (const [member, crewId] of asks) alone.push(await page(member, crewId));
    const together = await Promise.all(
      [...asks, ...asks].map(([member, crewId]) => page(member, crewId)),
    );
    expect(together).toEqual([...alone, ...alone]);
    expect(alone).toEqual([
      {
        crew: first.crewId,
        isOwner: true,
        board: [
          ['Ben', false, true],
          ['Ana', true, false],
        ],
      },
      {
        crew: first.crewId,
        isOwner: false,
        board: [
          ['Ben', true, true],
          ['Ana', false, false],
        ],
      },
      {
        crew: second.crewId,
        isOwner: true,
        board: [
          ['Cal', true, false],
          ['Dee', false, false],
        ],
      },
      {
        crew: second.crewId,
        isOwner: false,
        board: [
          ['Cal', false, false],
          ['Dee', true, false],
        ],
      },
      404,
      404,
    ]);
  });
});

describe('authorization of every crew route', () => {
  it('gives nothing to signed-out visitors, non-members, former members and forged ids', async () => {
    const owner = await t.member();
    const former = await t.member();
    const stranger = await t.member();
    const { crewId, url } = await crewWith(owner, former);
    const post = await checkIn(owner, { kind: 'crew', crewId }, 'crew secret');
    await json(
      await former.client.request(`/api/crews/${crewId}/members/${former.userId}`, {
        method: 'DELETE',
      }),
      200,
    );

    const routes = (id: string, victim: string) =>
      [
        ['GET', `/api/crews/${id}`, undefined],
        ['PATCH', `/api/crews/${id}`, { name: 'Taken over' }],
        ['DELETE', `/api/crews/${id}`, undefined],
        ['GET', `/api/crews/${id}/feed`, undefined],
        ['POST', `/api/crews/${id}/invite`, undefined],
        ['DELETE', `/api/crews/${id}/invite`, undefined],
        ['DELETE', `/api/crews/${id}/members/${victim}`, undefined],
        ['POST', `/api/crews/${id}/nudges`, { userId: victim }],
      ] as const;
    const anonymous = t.client();
    for (const [method, path, body] of routes(crewId, owner.userId)) {
      const asked = `${method} ${path}`;
      expect((await anonymous.request(path, { method, json: body })).status, asked).toBe(401);
      for (const outsider of [stranger, former]) {
        const res = await outsider.client.request(path, { method, json: body });
        expect(res.status, asked).toBe(404);
        expect((await res.json()).message, asked).toBe(msg.crewNotFound);
      }
    }
    for (const forged of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      for (const [method, path, body] of routes(encodeURIComponent(forged), owner.userId)) {
        const res = await owner.client.request(path, { method, json: body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    // The invite routes need a signed-in member too.
    expect((await anonymous.request(`/api/crew-invites/${tokenOf(url)}`)).status).toBe(401);
    expect(
      (await anonymous.request(`/api/crew-invites/${tokenOf(url)}/join`, { method: 'POST' }))
        .status,
    ).toBe(401);
    // Nothing changed: the crew, its name and its owner are as they were.
    const detail = await json<CrewDetail>(await owner.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.crew).toMatchObject({ name: 'Morning Crew', isOwner: true, memberCount: 1 });

    // Crew media: the same rule.
    for (const path of [post.photo.url, post.photo.thumbUrl!]) {
      expect((await owner.client.request(path)).status, path).toBe(200);
      expect((await anonymous.request(path)).status, path).toBe(401);
      expect((await stranger.client.request(path)).status, path).toBe(404);
      expect((await former.client.request(path)).status, path).toBe(404);
    }
  });
});

describe('who sees a post', () => {
  it('answers a new check-in as home shows it next, for each audience', async () => {
    const author = await t.member({ displayName: 'Answer' });
    const { crewId } = await crewWith(author);
    for (const audience of [undefined, { kind: 'only_me' }, { kind: 'crew', crewId }]) {
      const member = audience?.kind === 'crew' ? author : await t.member();
      const created = await json<{ checkin: CheckinView }>(
        await member.client.request('/api/checkins', {
          method: 'POST',
          json: { movedMinutes: 30, steps: 6000, journalMd: 'Same answer', audience },
        }),
        201,
      );
      const today = await json<TodayResponse>(
        await member.client.request('/api/checkins/today'),
        200,
      );
      expect(created.checkin).toEqual(today.checkin);
    }
    expect(
      (await json<TodayResponse>(await author.client.request('/api/checkins/today'), 200)).checkin
        ?.audience,
    ).toEqual({ kind: 'crew', crewId, crewName: 'Morning Crew' });
  });

  it('keeps a crew post out of the community feed and away from non-members, and shows it to the crew', async () => {
    const author = await t.member({ displayName: 'Author' });
    const mate = await t.member({ displayName: 'Mate' });
    const outsider = await t.member({ displayName: 'Outsider' });
    const { crewId } = await crewWith(author, mate);
    // The outsider has a crew of their own: a crew post of another crew is not in it either.
    const { crewId: otherCrew } = await crewWith(outsider);
    const post = await checkIn(author, { kind: 'crew', crewId }, 'for the crew only');

    for (const viewer of [author, mate, outsider]) {
      expect(await feedIds(viewer.client)).not.toContain(post.postId);
      expect(await feedIds(viewer.client, '/api/feed/buddies')).not.toContain(post.postId);
    }
    expect(await feedIds(outsider.client, `/api/crews/${otherCrew}/feed`)).not.toContain(
      post.postId,
    );
    const crewFeed = await json<FeedPage>(
      await mate.client.request(`/api/crews/${crewId}/feed`),
      200,
    );
    expect(crewFeed.posts.find((p) => p.id === post.postId)).toMatchObject({
      journalMd: 'for the crew only',
      audience: { kind: 'crew', crewId, crewName: 'Morning Crew' },
    });
    // The crew can like, react, comment and report; the outsider gets nothing.
    expect(
      (await mate.client.request(`/api/posts/${post.postId}/like`, { method: 'PUT' })).status,
    ).toBe(200);
    expect(
      (
        await mate.client.request(`/api/posts/${post.postId}/comments`, {
          method: 'POST',
          json: { body: 'Go!' },
        })
      ).status,
    ).toBe(201);
    for (const [method, path, body] of [
      ['PUT', `/api/posts/${post.postId}/like`, undefined],
      ['PUT', `/api/posts/${post.postId}/reaction`, { reaction: 'strong' }],
      ['GET', `/api/posts/${post.postId}/comments`, undefined],
      ['POST', `/api/posts/${post.postId}/comments`, { body: 'hi' }],
      ['POST', `/api/posts/${post.postId}/reports`, { reason: 'spam' }],
    ] as const) {
      expect((await outsider.client.request(path, { method, json: body })).status, path).toBe(404);
    }
    expect((await mate.client.request(post.photo.url)).status).toBe(200);
    expect((await outsider.client.request(post.photo.url)).status).toBe(404);
    // A report by a crewmate reaches the admins' Reports as any other.
    expect(
      (
        await mate.client.request(`/api/posts/${post.postId}/reports`, {
          method: 'POST',
          json: { reason: 'not ok' },
        })
      ).status,
    ).toBe(201);
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const reports = await json<{ reports: { postId: string }[] }>(
      await admin.client.request('/api/admin/reports'),
      200,
    );
    expect(reports.reports.map((r) => r.postId)).toContain(post.postId);
  });

  it('shows an only-me post to its author alone', async () => {
    const author = await t.member();
    const mate = await t.member();
    const { crewId } = await crewWith(author, mate);
    const post = await checkIn(author, { kind: 'only_me' }, 'just for me');
    expect(await feedIds(mate.client)).not.toContain(post.postId);
    expect(await feedIds(author.client)).not.toContain(post.postId);
    expect(await feedIds(mate.client, `/api/crews/${crewId}/feed`)).not.toContain(post.postId);
    expect(await feedIds(author.client, `/api/crews/${crewId}/feed`)).not.toContain(post.postId);
    expect((await author.client.request(post.photo.url)).status).toBe(200);
    expect((await author.client.request(`/api/posts/${post.postId}/comments`)).status).toBe(200);
    expect((await mate.client.request(post.photo.url)).status).toBe(404);
    expect((await mate.client.request(`/api/posts/${post.postId}/comments`)).status).toBe(404);
    const today = await json<{ checkin: { audience: unknown } }>(
      await author.client.request('/api/checkins/today'),
      200,
    );
    expect(today.checkin.audience).toEqual({ kind: 'only_me' });
  });

  it('lets the author change the audience later, and the community feed follows at once', async () => {
    const author = await t.member();
    const mate = await t.member();
    const viewer = await t.member();
    const { crewId } = await crewWith(author, mate);
    const post = await checkIn(author, undefined, 'public first');
    expect(await feedIds(viewer.client)).toContain(post.postId); // cached now
    const change = (audience: unknown, client = author.client) =>
      client.request(`/api/posts/${post.postId}/audience`, { method: 'PATCH', json: { audience } });
    expect((await change({ kind: 'crew', crewId })).status).toBe(200);
    expect(await feedIds(viewer.client)).not.toContain(post.postId);
    expect((await viewer.client.request(post.photo.url)).status).toBe(404);
    expect(await feedIds(mate.client, `/api/crews/${crewId}/feed`)).toContain(post.postId);
    // Someone else's post, a crew the author is not in, a forged crew: refused, nothing changes.
    expect((await change({ kind: 'only_me' }, mate.client)).status).toBe(404);
    const { crewId: notTheirs } = await crewWith(viewer);
    expect((await change({ kind: 'crew', crewId: notTheirs })).status).toBe(422);
    expect((await change({ kind: 'crew', crewId: 'forged' })).status).toBe(422);
    expect((await change({ kind: 'everyone' })).status).toBe(422);
    expect(await feedIds(mate.client, `/api/crews/${crewId}/feed`)).toContain(post.postId);
    expect((await change({ kind: 'community' })).status).toBe(200);
    expect(await feedIds(viewer.client)).toContain(post.postId);
    // A check-in for a crew the member is not in is refused, and no check-in is made.
    const other = await t.member();
    const refused = await other.client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 5, steps: 5, audience: { kind: 'crew', crewId } },
    });
    expect(refused.status).toBe(422);
    const today = await json<{ checkin: unknown }>(
      await other.client.request('/api/checkins/today'),
      200,
    );
    expect(today.checkin).toBeNull();
  });

  it('makes a leaving member’s crew posts theirs alone', async () => {
    const owner = await t.member();
    const leaver = await t.member();
    const { crewId } = await crewWith(owner, leaver);
    const post = await checkIn(leaver, { kind: 'crew', crewId });
    expect((await owner.client.request(post.photo.url)).status).toBe(200);
    await json(
      await leaver.client.request(`/api/crews/${crewId}/members/${leaver.userId}`, {
        method: 'DELETE',
      }),
      200,
    );
    expect((await owner.client.request(post.photo.url)).status).toBe(404);
    expect(await feedIds(owner.client, `/api/crews/${crewId}/feed`)).not.toContain(post.postId);
    expect((await leaver.client.request(post.photo.url)).status).toBe(200);
  });

  it('counts a crew or only-me check-in for the streak, the cycle and the boards', async () => {
    const member = await t.member({ displayName: 'Quiet Stacker' });
    const { crewId } = await crewWith(member);
    await checkIn(member, { kind: 'only_me' });
    const cycle = await json<{ stats: { checkins: number } }>(
      await member.client.request('/api/cycle'),
      200,
    );
    expect(cycle.stats.checkins).toBe(1);
    // The crew board reads members as the community leaderboard does (scoredCycles).
    const detail = await json<CrewDetail>(await member.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.board[0]).toMatchObject({ checkedInToday: true, streak: 1, consistency: 100 });
    const board = await computeCommunityBoard(t.deps.db, new Date());
    expect(board.stats.checkedInToday).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  it(`keeps a crew at ${CREW_MAX_MEMBERS} members, even when many join at once`, async () => {
    const owner = await t.member();
    const { crewId, url } = await crewWith(owner);
    const joiners = await Promise.all(
      Array.from({ length: CREW_MAX_MEMBERS + 4 }, () => t.member()),
    );
    const answers = await Promise.all(joiners.map((m) => join(m, url)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CREW_MAX_MEMBERS - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const detail = await json<CrewDetail>(await owner.client.request(`/api/crews/${crewId}`), 200);
    expect(detail.crew.memberCount).toBe(CREW_MAX_MEMBERS);
    const late = joiners[statuses.indexOf(409)];
    const preview = await json<CrewInvitePreview>(
      await late.client.request(`/api/crew-invites/${tokenOf(url)}`),
      200,
    );
    expect(preview).toMatchObject({ ok: false, reason: 'full', message: msg.crewFull });
  });

  it(`keeps a member in at most ${CREWS_PER_MEMBER} crews, made or joined, even at once`, async () => {
    const busy = await t.member();
    for (let i = 0; i < CREWS_PER_MEMBER - 1; i++) await createCrew(busy, `Crew ${i}`);
    const owners = await Promise.all([t.member(), t.member(), t.member()]);
    const urls = await Promise.all(owners.map(async (o) => (await crewWith(o)).url));
    const answers = await Promise.all(urls.map((u) => join(busy, u)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refused = await busy.client.request('/api/crews', {
      method: 'POST',
      json: { name: 'One more' },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(msg.crewTooManyCrews);
    const mine = await json<MyCrews>(await busy.client.request('/api/crews'), 200);
    expect(mine.crews).toHaveLength(CREWS_PER_MEMBER);
  });

  it('stops an invite link when the owner makes a new one, revokes it, or 7 days pass, and says so', async () => {
    const owner = await t.member();
    const a = await t.member();
    const { crewId, url: first } = await crewWith(owner);
    const second = await inviteUrl(owner, crewId);
    const dead = await a.client.request(`/api/crew-invites/${tokenOf(first)}/join`, {
      method: 'POST',
    });
    expect(dead.status).toBe(404);
    expect((await dead.json()).message).toBe(msg.crewLinkDead);
    expect(
      await json(await a.client.request(`/api/crew-invites/${tokenOf(first)}`), 200),
    ).toMatchObject({ ok: false, reason: 'dead', message: msg.crewLinkDead });
    await json(
      await owner.client.request(`/api/crews/${crewId}/invite`, { method: 'DELETE' }),
      200,
    );
    expect((await join(a, second)).status).toBe(404);

    // Expiry: a link made now no longer works 7 days on, and still works just before.
    const third = await inviteUrl(owner, crewId);
    const sevenDays = 7 * 86_400_000;
    const at = (ms: number) => t.contextFor(a.userId, { now: new Date(Date.now() + ms) });
    await expect(
      joinByInvite(await at(sevenDays + 60_000), { token: tokenOf(third) }),
    ).rejects.toThrow(msg.crewLinkDead);
    await expect(
      joinByInvite(await at(sevenDays - 60_000), { token: tokenOf(third) }),
    ).resolves.toEqual({
      crewId,
    });
    // A closed crew's link says the crew was closed.
    const b = await t.member();
    const fourth = await inviteUrl(owner, crewId);
    await json(await owner.client.request(`/api/crews/${crewId}`, { method: 'DELETE' }), 200);
    const closed = await join(b, fourth);
    expect(closed.status).toBe(409);
    expect((await closed.json()).message).toBe(msg.crewClosed);
    expect((await a.client.request(`/api/crews/${crewId}`)).status).toBe(404);
    // A malformed token is a dead link too.
    expect(
      (await b.client.request('/api/crew-invites/short/join', { method: 'POST' })).status,
    ).toBe(404);
  });

  it('sends one nudge per pair and day, by e-mail as a friend would write it, and only to someone not checked in', async () => {
    const maya = await t.member({ displayName: 'Maya' });
    const sam = await t.member({ displayName: 'Sam' });
    const done = await t.member({ displayName: 'Done' });
    const { crewId } = await crewWith(maya, sam, done);
    await checkIn(done);
    await sam.client.request('/api/checkins/today'); // Sam's cycle starts
    const nudge = (from: TestMember, to: TestMember) =>
      from.client.request(`/api/crews/${crewId}/nudges`, {
        method: 'POST',
        json: { userId: to.userId },
      });
    const before = t.mails.length;
    const sent = await nudge(maya, sam);
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect((await sent.json()).message).toBe(msg.crewNudgeSent('Sam'));
    await t.deps.mailer.idle();
    const mail = t.mails.slice(before).find((m) => m.kind === 'crew_nudge');
    expect(mail).toMatchObject({ to: sam.email, subject: 'Maya nudged you: Day 1 is waiting' });
    expect(mail!.text).toContain('Maya from Morning Crew');
    expect(mail!.headers?.['List-Unsubscribe']).toBeTruthy();

    const again = await nudge(maya, sam);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(msg.crewNudgeAlreadySent('Sam'));
    // Another pair is another nudge; someone who checked in, or oneself, is not nudged.
    expect((await nudge(done, sam)).status).toBe(201);
    expect((await nudge(maya, done)).status).toBe(409);
    expect((await nudge(maya, maya)).status).toBe(409);
    expect(t.mails.slice(before).filter((m) => m.kind === 'crew_nudge')).toHaveLength(2);
    const board = await json<CrewDetail>(await maya.client.request(`/api/crews/${crewId}`), 200);
    expect(board.board.find((b) => b.userId === sam.userId)).toMatchObject({
      nudgedToday: true,
      checkedInToday: false,
    });
    expect(board.board.find((b) => b.userId === done.userId)).toMatchObject({
      checkedInToday: true,
      currentDay: 1,
    });
    // Sorted by consistency: the member who checked in comes first.
    expect(board.board[0].userId).toBe(done.userId);

    // Nudges off: nothing is sent, and the nudger is told only that (not the member's settings).
    const quiet = await t.member({ displayName: 'Quiet' });
    await join(quiet, await inviteUrl(maya, crewId));
    await t.deps.db
      .update(userSettings)
      .set({ emailNudges: false, pushNudges: false })
      .where(eq(userSettings.userId, quiet.userId));
    const off = await nudge(maya, quiet);
    expect(off.status).toBe(409);
    expect((await off.json()).message).toBe(msg.crewNudgeNotSent('Quiet'));
  });
});

describe('admin and data rights', () => {
  it('lets an admin list and close a crew, audited; members get 403', async () => {
    const owner = await t.member({ displayName: 'Crew Owner' });
    const mate = await t.member();
    const { crewId } = await crewWith(owner, mate);
    const post = await checkIn(mate, { kind: 'crew', crewId });
    expect((await owner.client.request('/api/admin/crews')).status).toBe(403);
    expect(
      (await owner.client.request(`/api/admin/crews/${crewId}/close`, { method: 'POST' })).status,
    ).toBe(403);
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const list = await json<{ crews: { id: string; ownerName: string; memberCount: number }[] }>(
      await admin.client.request('/api/admin/crews'),
      200,
    );
    expect(list.crews.find((c) => c.id === crewId)).toMatchObject({
      ownerName: 'Crew Owner',
      memberCount: 2,
    });
    await json(
      await admin.client.request(`/api/admin/crews/${crewId}/close`, { method: 'POST' }),
      200,
    );
    expect((await owner.client.request(`/api/crews/${crewId}`)).status).toBe(404);
    expect((await owner.client.request(post.photo.url)).status).toBe(404);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, crewId));
    expect(events).toEqual([
      expect.objectContaining({ action: 'crew.close', actorId: admin.userId, targetType: 'crew' }),
    ]);
  });

  it('passes ownership on when the owner deletes their account', async () => {
    const owner = await t.member({ displayName: 'Leaving' });
    const second = await t.member({ displayName: 'Next Owner' });
    const third = await t.member();
    const { crewId } = await crewWith(owner, second, third);
    const alone = await createCrew(owner, 'Solo');
    const res = await owner.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: 'DELETE' },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const detail = await getCrew(await t.contextFor(second.userId), { crewId });
    expect(detail.crew).toMatchObject({ ownerName: 'Next Owner', memberCount: 2, isOwner: true });
    const [solo] = await t.deps.db.select().from(crews).where(eq(crews.id, alone.id));
    expect(solo.closedAt).not.toBeNull();
  });
});
