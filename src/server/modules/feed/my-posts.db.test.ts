import { describe, expect, it } from 'vitest';
import type { FeedPage, FeedPost } from '@shared/api-types';
import { FEED_PAGE_SIZE } from '@shared/constants';
import { addDays, localDateIn } from '@shared/domain/local-date';
import { checkins, posts } from '../../db/schema';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { startCycleOn } from '../../testing/cycles';
import { databaseLabel } from '../../testing/test-database';
import { setUpTestApp, type TestClient, type TestMember } from '../../testing/test-app';

// Issue 41, item 1 (decision 0093): a member finds every post of theirs, whoever sees it, marked
// with its audience, and can give it another one. Item 3: a post that is no check-in's (a shared
// week) carries no check-in numbers.

const t = setUpTestApp();

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const feed = async (client: TestClient, path = '/api/feed') =>
  (await json<FeedPage>(await client.request(path))).posts;
const ids = (list: FeedPost[]) => list.map((p) => p.id);
const mine = (member: TestMember) => feed(member.client, '/api/feed/mine');

async function checkIn(member: TestMember, audience?: unknown, journalMd = 'Day done') {
  const { checkin } = await json<{ checkin: { postId: string } }>(
    await member.client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 30, steps: 6000, journalMd, audience },
    }),
    201,
  );
  return checkin.postId;
}

async function crewWith(owner: TestMember, ...members: TestMember[]) {
  const crew = await json<{ id: string }>(
    await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Morning Crew' } }),
    201,
  );
  const { url } = await json<{ url: string }>(
    await owner.client.request(`/api/crews/${crew.id}/invite`, { method: 'POST' }),
    201,
  );
  const token = url.split('/crews/join/')[1];
  for (const m of members)
    await json(await m.client.request(`/api/crew-invites/${token}/join`, { method: 'POST' }));
  return crew.id;
}

const setAudience = (client: TestClient, postId: string, audience: unknown) =>
  client.request(`/api/posts/${postId}/audience`, { method: 'PATCH', json: { audience } });

describe(`a member's own posts (${databaseLabel})`, () => {
  it('lists an only-me post to its author alone, and a new audience shows it to the others', async () => {
    const author = await t.member({ displayName: 'Quiet Stacker' });
    const other = await t.member();
    const postId = await checkIn(author, { kind: 'only_me' }, 'Just for me');
    expect(ids(await feed(other.client))).not.toContain(postId); // the community page is cached now
    expect(ids(await feed(author.client))).not.toContain(postId);

    const own = await mine(author);
    expect(own.map((p) => [p.id, p.audience])).toEqual([[postId, { kind: 'only_me' }]]);
    expect(own[0]).toMatchObject({
      journalMd: 'Just for me',
      author: { id: author.userId, displayName: 'Quiet Stacker' },
      dayStats: { movedMinutes: 30, steps: 6000, cumulativeMinutes: 30, cumulativeSteps: 6000 },
    });
    // Another member's own list is theirs: the author's post is not in it.
    expect(await mine(other)).toEqual([]);

    await json(await setAudience(author.client, postId, { kind: 'community' }));
    expect((await mine(author)).map((p) => p.audience)).toEqual([{ kind: 'community' }]);
    // The cached community page was cleared by the change: the other member sees the post now.
    expect(ids(await feed(other.client))).toContain(postId);
  });

  it('keeps every audience in the list, newest first, 30 a page, and only the author’s', async () => {
    const author = await t.member();
    const mate = await t.member();
    const crewId = await crewWith(author, mate);
    const postId = await checkIn(author, { kind: 'crew', crewId });
    expect((await mine(author)).map((p) => p.audience)).toEqual([
      { kind: 'crew', crewId, crewName: 'Morning Crew' },
    ]);
    // Older posts seeded behind the services' back: one of each audience, then enough for a page.
    const db = t.database.db;
    const base = Date.now() - 1000 * 60 * 60;
    const seeded = Array.from({ length: FEED_PAGE_SIZE + 2 }, (_, i) => ({
      userId: author.userId,
      caption: `Older post ${i}`,
      visibility: i % 3 === 0 ? 'public' : i % 3 === 1 ? 'private' : 'crew',
      crewId: i % 3 === 2 ? crewId : null,
      createdAt: new Date(base - i * 1000),
    }));
    await db.insert(posts).values(seeded);
    await db
      .insert(posts)
      .values({ userId: mate.userId, caption: 'Not yours', visibility: 'private' });
    const first = await json<FeedPage>(await author.client.request('/api/feed/mine'));
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(first.posts[0].id).toBe(postId);
    expect(first.nextCursor).toBeTruthy();
    const second = await json<FeedPage>(
      await author.client.request(`/api/feed/mine?cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.nextCursor).toBeNull();
    const all = [...first.posts, ...second.posts];
    expect(all.map((p) => p.caption)).toEqual([expect.anything(), ...seeded.map((p) => p.caption)]);
    expect(all.every((p) => p.author.id === author.userId)).toBe(true);
    expect(new Set(all.map((p) => p.audience.kind))).toEqual(
      new Set(['community', 'only_me', 'crew']),
    );
    // Signed out: no list at all; a forged cursor is refused, not read.
    expect((await t.client().request('/api/feed/mine')).status).toBe(401);
    expect((await author.client.request('/api/feed/mine?cursor=forged')).status).toBeLessThan(500);
    expect((await author.client.request('/api/feed/mine?cursor=forged')).status).not.toBe(200);
  });

  it('marks crew posts that became the author’s alone with the crew they left, and lets the author share them again', async () => {
    const owner = await t.member();
    const leaver = await t.member();
    const removed = await t.member();
    const crewId = await crewWith(owner, leaver, removed);
    const leaverPost = await checkIn(leaver, { kind: 'crew', crewId });
    const removedPost = await checkIn(removed, { kind: 'crew', crewId });
    const ownerPost = await checkIn(owner, { kind: 'crew', crewId });

    await json(
      await leaver.client.request(`/api/crews/${crewId}/members/${leaver.userId}`, {
        method: 'DELETE',
      }),
    );
    await json(
      await owner.client.request(`/api/crews/${crewId}/members/${removed.userId}`, {
        method: 'DELETE',
      }),
    );
    const left = { kind: 'only_me', leftCrew: { crewName: 'Morning Crew', closed: false } };
    expect((await mine(leaver)).map((p) => [p.id, p.audience])).toEqual([[leaverPost, left]]);
    expect((await mine(removed)).map((p) => [p.id, p.audience])).toEqual([[removedPost, left]]);
    // The crew no longer sees them.
    expect(ids(await feed(owner.client, `/api/crews/${crewId}/feed`))).toEqual([ownerPost]);

    await json(await owner.client.request(`/api/crews/${crewId}`, { method: 'DELETE' }));
    const closed = { kind: 'only_me', leftCrew: { crewName: 'Morning Crew', closed: true } };
    expect((await mine(owner)).map((p) => p.audience)).toEqual([closed]);
    // The crew the leaver's post came from has closed since: their mark says so too.
    expect((await mine(leaver)).map((p) => p.audience)).toEqual([closed]);

    // Back to a crew the author is no longer in: refused, and nothing changes.
    expect((await setAudience(leaver.client, leaverPost, { kind: 'crew', crewId })).status).toBe(
      422,
    );
    // Someone else cannot change it either.
    expect((await setAudience(owner.client, leaverPost, { kind: 'community' })).status).toBe(404);
    expect((await mine(leaver)).map((p) => p.audience)).toEqual([closed]);
    // The author picks Community: everyone sees it, and the crew it came from is forgotten.
    const viewer = await t.member();
    await json(await setAudience(leaver.client, leaverPost, { kind: 'community' }));
    expect(ids(await feed(viewer.client))).toContain(leaverPost);
    expect((await mine(leaver)).map((p) => p.audience)).toEqual([{ kind: 'community' }]);
    // And back to Only me: plain Only me, no crew named any more.
    await json(await setAudience(leaver.client, leaverPost, { kind: 'only_me' }));
    expect((await mine(leaver)).map((p) => p.audience)).toEqual([{ kind: 'only_me' }]);
    expect(ids(await feed(viewer.client))).not.toContain(leaverPost);
  });

  it('lists a week shared as only me, with the week’s caption and no check-in numbers', async () => {
    const m = await memberWithAWeek();
    const shared = await shareWeek1(m, 'only_me');
    const own = await mine(m);
    expect(own.map((p) => p.id)).toContain(shared);
    expect(own.find((p) => p.id === shared)).toMatchObject({
      audience: { kind: 'only_me' },
      dayNumber: null,
      dayStats: null,
    });
    expect(own.find((p) => p.id === shared)!.caption).toContain('80 move minutes');
    // Shared with the community afterwards, another member sees it.
    await json(await setAudience(m.client, shared, { kind: 'community' }));
    const other = await t.member();
    expect(ids(await feed(other.client))).toContain(shared);
  });
});

describe(`a shared week's card (${databaseLabel})`, () => {
  it('carries the week’s caption and no check-in numbers, while check-in cards keep theirs', async () => {
    const m = await memberWithAWeek();
    const shared = await shareWeek1(m, 'community');
    const other = await t.member();
    const cards = (await feed(other.client)).filter((p) => p.author.id === m.userId);
    const week = cards.find((p) => p.id === shared)!;
    expect(week.caption).toContain('80 move minutes');
    // No "Moved 0 min · 0 min total · Steps 0 · 0 total" under the week's real totals.
    expect(week).toMatchObject({
      dayNumber: null,
      dayStats: null,
      activitySource: null,
      weightChangeKg: null,
    });
    expect(week).not.toHaveProperty('movedMinutes');
    expect(cards.filter((p) => p.id !== shared).map((p) => p.dayStats)).toEqual([
      { movedMinutes: 40, steps: 5000, cumulativeMinutes: 80, cumulativeSteps: 10000 },
      { movedMinutes: 40, steps: 5000, cumulativeMinutes: 40, cumulativeSteps: 5000 },
    ]);
  });
});

/** A member whose cycle started 8 days ago, with public check-ins on days 1 and 3 (40 min each). */
async function memberWithAWeek() {
  const m = await t.member();
  const db = t.database.db;
  const startDate = addDays(localDateIn(new Date(), 'UTC'), -8);
  const cycle = await startCycleOn(db, m.userId, startDate);
  for (const day of [1, 3]) {
    const [checkin] = await db
      .insert(checkins)
      .values({
        cycleId: cycle.id,
        userId: m.userId,
        dayNumber: day,
        localDate: addDays(startDate, day - 1),
        movedMinutes: 40,
        steps: 5000,
        proteinTargetHit: false,
        hydrationGoalHit: false,
      })
      .returning();
    await db.insert(posts).values({
      checkinId: checkin.id,
      userId: m.userId,
      createdAt: new Date(Date.now() - (9 - day) * 86_400_000),
    });
  }
  await refreshCycleStats(db, [cycle.id]);
  return { ...m, cycleId: cycle.id };
}

/** "Share this week" for week 1: the new post's id. */
async function shareWeek1(m: TestMember & { cycleId: string }, audience: string) {
  const shared = await json<{ postId: string }>(
    await m.client.request(`/api/review/${m.cycleId}/1/share`, {
      method: 'POST',
      json: { audience },
    }),
    201,
  );
  return shared.postId;
}
