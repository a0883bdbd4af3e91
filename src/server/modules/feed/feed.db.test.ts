import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMENTS_PER_MINUTE } from '@shared/constants';
import { msg } from '@shared/messages';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { checkins, cycles, invites, posts, reports } from '../../db/schema';
import { feedCursors } from '../../queries/feed-cursor';
import { invalidateFeed } from '../../lib/feed-cache';

const t = setUpTestApp();

const checkinBody = {
  movedMinutes: 20,
  steps: 5000,
  proteinTargetHit: true,
  hydrationGoalHit: true,
  journalMd: 'Day done',
};

async function memberWithPost(journalMd = 'Day done') {
  const m = await t.member();
  const checkin = await checkInToday(m.client, { ...checkinBody, journalMd });
  return { ...m, postId: checkin.postId, checkinId: checkin.id };
}

async function feed(client: TestClient, cursor?: string) {
  const res = await client.request(`/api/feed${cursor ? `?cursor=${cursor}` : ''}`);
  return res.json();
}

describe('the community feed', () => {
  it("shows public posts with author, day, totals, counts and the viewer's own marks", async () => {
    const author = await memberWithPost('**Hello** feed');
    const viewer = await t.member();
    await viewer.client.request(`/api/posts/${author.postId}/like`, { method: 'PUT' });
    await viewer.client.request(`/api/posts/${author.postId}/reaction`, {
      method: 'PUT',
      json: { reaction: 'strong' },
    });
    for (const body of ['first', 'second', 'third']) {
      await viewer.client.request(`/api/posts/${author.postId}/comments`, {
        method: 'POST',
        json: { body },
      });
    }
    const { posts: list } = await feed(viewer.client);
    const post = list.find((p: { id: string }) => p.id === author.postId);
    expect(post).toMatchObject({
      journalMd: '**Hello** feed',
      dayNumber: 1,
      dayStats: { movedMinutes: 20, steps: 5000, cumulativeMinutes: 20, cumulativeSteps: 5000 },
      likeCount: 1,
      likedByMe: true,
      commentCount: 3,
      myReaction: 'strong',
      reactions: { like: 0, strong: 1, celebrate: 0, fireworks: 0 },
      author: { displayName: 'Test Member' },
    });
    expect(post.comments.map((c: { body: string }) => c.body)).toEqual(['first', 'second']);
    const authorView = (await feed(author.client)).posts.find(
      (p: { id: string }) => p.id === author.postId,
    );
    expect(authorView).toMatchObject({ likedByMe: false, myReaction: null, likeCount: 1 });
  });

  it('never shows hidden posts, and refuses likes on them', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    await t.deps.db.update(posts).set({ isHidden: true }).where(eq(posts.id, author.postId));
    invalidateFeed(t.deps); // what the admin's hide action does
    const { posts: list } = await feed(viewer.client);
    expect(list.some((p: { id: string }) => p.id === author.postId)).toBe(false);
    const like = await viewer.client.request(`/api/posts/${author.postId}/like`, { method: 'PUT' });
    expect(like.status).toBe(404);
    expect((await like.json()).message).toBe(msg.postNotAvailable);
  });

  it('pages by cursor without repeating or skipping posts, and refuses a tampered cursor', async () => {
    const viewer = await t.member();
    const cycle = (await (await viewer.client.request('/api/checkins/today')).json()).cycle;
    // 65 posts with distinct times, made directly to keep the test fast.
    const base = Date.now() - 10 * 60_000;
    for (let i = 0; i < 65; i++) {
      await t.deps.db
        .insert(posts)
        .values({ userId: viewer.userId, caption: `p${i}`, createdAt: new Date(base + i * 1000) });
    }
    expect(cycle.day).toBe(1);
    invalidateFeed(t.deps); // the posts above bypassed the services
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await feed(viewer.client, cursor);
      expect(page.posts.length).toBeLessThanOrEqual(30);
      seen.push(...page.posts.map((p: { id: string }) => p.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await t.deps.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.isHidden, false));
    expect(seen.length).toBe(all.length);

    const someId = '00000000-0000-0000-0000-000000000000';
    for (const bad of [
      'not-a-cursor',
      feedCursors.encode("2026-01-01'; drop table posts; --", someId),
      // Well-formed, but not a time PostgreSQL can read: these used to fail the query with a 500.
      feedCursors.encode('2026-13-45 10:00:00+00', someId),
      feedCursors.encode('2026-02-30 10:00:00.5+00', someId),
      feedCursors.encode('2026-01-01 24:00:00+00', someId),
      feedCursors.encode('0000-01-01 10:00:00+00', someId),
      feedCursors.encode('99999-01-01 10:00:00+00', someId),
      feedCursors.encode('2026-01-01 10:00:00+99', someId),
    ]) {
      const res = await viewer.client.request(`/api/feed?cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(msg.invalidCursor);
    }
  });
});

describe('likes, reactions and comments', () => {
  it('keeps one like per member under concurrent clicks', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        viewer.client.request(`/api/posts/${author.postId}/like`, { method: 'PUT' }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const state = await (
      await viewer.client.request(`/api/posts/${author.postId}/like`, { method: 'PUT' })
    ).json();
    expect(state).toEqual({ likeCount: 1, likedByMe: true });
    const off = await (
      await viewer.client.request(`/api/posts/${author.postId}/like`, { method: 'DELETE' })
    ).json();
    expect(off).toEqual({ likeCount: 0, likedByMe: false });
  });

  it('tells the processes to drop their feed caches only when a like or reaction changed', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const published = vi.spyOn(t.deps.cacheBus, 'publish');
    try {
      const feedClears = () => published.mock.calls.filter(([topic]) => topic === 'feed').length;
      const like = `/api/posts/${author.postId}/like`;
      const reaction = `/api/posts/${author.postId}/reaction`;
      const steps: [string, string, object | undefined, number][] = [
        ['PUT', like, undefined, 1],
        ['PUT', like, undefined, 1],
        ['DELETE', like, undefined, 2],
        ['DELETE', like, undefined, 2],
        ['PUT', reaction, { reaction: 'strong' }, 3],
        ['PUT', reaction, { reaction: 'strong' }, 3],
        ['PUT', reaction, { reaction: 'celebrate' }, 4],
        ['DELETE', reaction, undefined, 5],
        ['DELETE', reaction, undefined, 5],
      ];
      for (const [method, path, json, clears] of steps) {
        expect((await viewer.client.request(path, { method, json })).status).toBe(200);
        expect(feedClears(), `${method} ${path} ${JSON.stringify(json)}`).toBe(clears);
      }
    } finally {
      published.mockRestore();
    }
  });

  it('keeps one reaction per member: another replaces it, delete removes it', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const keys = ['like', 'strong', 'celebrate', 'fireworks'];
    await Promise.all(
      keys.map((reaction) =>
        viewer.client.request(`/api/posts/${author.postId}/reaction`, {
          method: 'PUT',
          json: { reaction },
        }),
      ),
    );
    const state = await (
      await viewer.client.request(`/api/posts/${author.postId}/reaction`, {
        method: 'PUT',
        json: { reaction: 'celebrate' },
      })
    ).json();
    expect(state.myReaction).toBe('celebrate');
    expect(Object.values(state.reactions).reduce((a: number, b) => a + (b as number), 0)).toBe(1);
    const removed = await (
      await viewer.client.request(`/api/posts/${author.postId}/reaction`, { method: 'DELETE' })
    ).json();
    expect(removed.myReaction).toBeNull();
    const unknown = await viewer.client.request(`/api/posts/${author.postId}/reaction`, {
      method: 'PUT',
      json: { reaction: 'angry' },
    });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toBe(msg.unknownReaction);
  });

  it('refuses empty and 10,000-character comments; members delete only their own', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    for (const [body, message] of [
      ['   ', msg.commentEmpty],
      ['x'.repeat(10_000), msg.commentTooLong],
    ] as const) {
      const res = await viewer.client.request(`/api/posts/${author.postId}/comments`, {
        method: 'POST',
        json: { body },
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(message);
    }
    const created = await (
      await viewer.client.request(`/api/posts/${author.postId}/comments`, {
        method: 'POST',
        json: { body: 'Nice work' },
      })
    ).json();
    const byOther = await author.client.request(`/api/comments/${created.id}`, {
      method: 'DELETE',
    });
    expect(byOther.status).toBe(404);
    const thread = await (
      await author.client.request(`/api/posts/${author.postId}/comments`)
    ).json();
    expect(thread.comments).toHaveLength(1);
    expect(thread.comments[0]).toMatchObject({ body: 'Nice work', mine: false });
    expect(
      (await viewer.client.request(`/api/comments/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect(
      (await (await author.client.request(`/api/posts/${author.postId}/comments`)).json()).comments,
    ).toHaveLength(0);
  });

  it('refuses a NUL character in a comment or a report with a 422, not a 500', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const comment = await viewer.client.request(`/api/posts/${author.postId}/comments`, {
      method: 'POST',
      json: { body: 'Nice\u0000work' },
    });
    expect(comment.status).toBe(422);
    expect((await comment.json()).message).toBe(msg.textHasNullCharacter);
    const report = await viewer.client.request(`/api/posts/${author.postId}/reports`, {
      method: 'POST',
      json: { reason: 'Spam\u0000' },
    });
    expect(report.status).toBe(422);
    expect((await report.json()).message).toBe(msg.textHasNullCharacter);
  });

  it(`takes ${COMMENTS_PER_MINUTE} comments a minute from a member, and refuses the rest`, async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const other = await t.member();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        viewer.client.request(`/api/posts/${author.postId}/comments`, {
          method: 'POST',
          json: { body: `Comment ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(COMMENTS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - COMMENTS_PER_MINUTE);
    const refused = await results.find((r) => r.status === 429)!.json();
    expect(refused.message).toMatch(
      /^You're commenting very fast\. Please try again in \d+ (seconds?|minutes?)\.$/,
    );
    const thread = await (
      await viewer.client.request(`/api/posts/${author.postId}/comments`)
    ).json();
    expect(thread.comments).toHaveLength(COMMENTS_PER_MINUTE);
    // The limit is the member's own: someone else still comments.
    const theirs = await other.client.request(`/api/posts/${author.postId}/comments`, {
      method: 'POST',
      json: { body: 'Go!' },
    });
    expect(theirs.status).toBe(201);
  });

  it('takes one open report per member and post', async () => {
    const author = await memberWithPost();
    const viewer = await t.member();
    const first = await viewer.client.request(`/api/posts/${author.postId}/reports`, {
      method: 'POST',
      json: { reason: 'Spam' },
    });
    expect(first.status).toBe(201);
    const again = await viewer.client.request(`/api/posts/${author.postId}/reports`, {
      method: 'POST',
      json: { reason: 'Spam again' },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(msg.alreadyReported);
    const rows = await t.deps.db.select().from(reports).where(eq(reports.postId, author.postId));
    expect(rows).toHaveLength(1);
  });
});

describe('the buddy section', () => {
  it("shows posts of members who accepted the viewer's invite, from the last 48 hours only", async () => {
    const inviter = await t.member();
    const res = await inviter.client.request('/api/invites', {
      method: 'POST',
      json: { email: 'buddy@example.com', firstName: 'Bud' },
    });
    expect(res.status).toBe(201);
    const link = t.mails
      .filter((m) => m.to === 'buddy@example.com')
      .at(-1)!
      .text.match(/\/invite\/([\w-]+)/)![1];
    const check = await (await t.client().request(`/api/invites/${link}`)).json();
    expect(check).toMatchObject({ ok: true, inviterName: 'Test Member', monthsFree: 1 });

    // The buddy signs up through the link.
    const buddyClient = t.client();
    await buddyClient.request('/api/account/sign-up', {
      method: 'POST',
      json: {
        displayName: 'Bud',
        email: 'buddy@example.com',
        password: 'correct horse 1',
        acceptTerms: true,
      },
    });
    const code = await t.lastCode('buddy@example.com');
    const verified = await (
      await buddyClient.request('/api/account/verify-email', {
        method: 'POST',
        json: { email: 'buddy@example.com', code, invite: link },
      })
    ).json();
    expect(verified.monthsFree).toBe(1);
    const [invite] = await t.deps.db
      .select()
      .from(invites)
      .where(eq(invites.email, 'buddy@example.com'));
    expect(invite.acceptedUserId).toBeTruthy();
    expect(await (await t.client().request(`/api/invites/${link}`)).json()).toMatchObject({
      ok: false,
      reason: 'used',
    });

    const posted = await (
      await buddyClient.request('/api/checkins', { method: 'POST', json: checkinBody })
    ).json();
    const stranger = await memberWithPost();
    const buddies = await (await inviter.client.request('/api/feed/buddies')).json();
    const ids = buddies.posts.map((p: { id: string }) => p.id);
    expect(ids).toContain(posted.checkin.postId);
    expect(ids).not.toContain(stranger.postId);

    await t.deps.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() - 49 * 3600_000) })
      .where(eq(posts.id, posted.checkin.postId));
    const later = await (await inviter.client.request('/api/feed/buddies')).json();
    expect(later.posts).toHaveLength(0);
    // The buddy does not see the inviter as a buddy (the spec's direction).
    expect((await (await buddyClient.request('/api/feed/buddies')).json()).posts).toHaveLength(0);
  });

  it('limits invites to 10 a day per member', async () => {
    const inviter = await t.member();
    for (let i = 0; i < 10; i++) {
      const res = await inviter.client.request('/api/invites', {
        method: 'POST',
        json: { email: `friend${i}@example.com` },
      });
      expect(res.status).toBe(201);
    }
    const eleventh = await inviter.client.request('/api/invites', {
      method: 'POST',
      json: { email: 'friend11@example.com' },
    });
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).message).toBe(msg.inviteRateLimited);
    const rows = await t.deps.db
      .select()
      .from(invites)
      .where(eq(invites.inviterUserId, inviter.userId));
    expect(rows).toHaveLength(10);
  });
});

describe('My Cycle', () => {
  it('reports stats, days, milestones and the insight, and starts a new cycle keeping the old data', async () => {
    const m = await t.member();
    const today = (await (await m.client.request('/api/checkins/today')).json()).cycle;
    // Move the cycle start back 9 days and add check-ins on days 1-3 and 6-9 (7 of 10 days).
    const start = new Date(`${today.today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 9);
    const startDate = start.toISOString().slice(0, 10);
    await t.deps.db.update(cycles).set({ startDate }).where(eq(cycles.id, today.id));
    for (const day of [1, 2, 3, 6, 7, 8, 9]) {
      const d = new Date(start);
      d.setUTCDate(d.getUTCDate() + day - 1);
      await t.deps.db.insert(checkins).values({
        cycleId: today.id,
        userId: m.userId,
        dayNumber: day,
        localDate: d.toISOString().slice(0, 10),
        movedMinutes: 10,
        steps: 1000,
      });
    }
    const view = await (await m.client.request('/api/cycle')).json();
    expect(view.cycle.day).toBe(10);
    expect(view.stats).toEqual({
      checkins: 7,
      consistency: 70,
      currentStreak: 4,
      longestStreak: 4,
      totalMinutes: 70,
      totalSteps: 7000,
    });
    expect(view.insight).toBe('good');
    expect(view.days.slice(0, 10).map((d: { status: string }) => d.status)).toEqual([
      'done',
      'done',
      'done',
      'missed',
      'missed',
      'done',
      'done',
      'done',
      'done',
      'today',
    ]);
    expect(view.milestones.map((s: { state: string }) => s.state)).toEqual([
      'achieved',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);

    const restarted = await (
      await m.client.request('/api/cycle/restart', { method: 'POST' })
    ).json();
    expect(restarted.cycle.day).toBe(1);
    expect(restarted.stats.checkins).toBe(0);
    const kept = await t.deps.db.select().from(checkins).where(eq(checkins.cycleId, today.id));
    expect(kept).toHaveLength(7);
  });
});
