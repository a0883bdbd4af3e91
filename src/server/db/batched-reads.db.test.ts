import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from './schema';
import { setUpTestApp, type TestClient } from '../testing/test-app';
import { countTransactions } from './transaction-count';
import { viewerMarks } from '../queries/feed-viewer';

// Home, My Cycle, the feed's own marks and the admin list are read in batches: the requests of one
// moment share one round trip (decision 0027). Each member must still get their own answer.

const t = setUpTestApp();

const checkinBody = (journalMd: string, movedMinutes: number) => ({
  movedMinutes,
  steps: 1000,
  proteinTargetHit: false,
  hydrationGoalHit: true,
  journalMd,
});

const json = async (client: TestClient, path: string) => {
  const res = await client.request(path);
  expect(res.status).toBe(200);
  return res.json();
};

describe('reads made at the same moment by different members', () => {
  it('answer each member with their own home, cycle and marks on the feed', async () => {
    // Four members: the first three check in (each their own journal and minutes), the fourth not.
    const members = await Promise.all([0, 1, 2, 3].map(() => t.member()));
    const postIds: string[] = [];
    for (const [i, m] of members.slice(0, 3).entries()) {
      const res = await m.client.request('/api/checkins', {
        method: 'POST',
        json: checkinBody(`journal of member ${i}`, 10 + i),
      });
      expect(res.status).toBe(201);
      postIds.push((await res.json()).checkin.postId);
    }
    // Member i likes post i only; member 3 reacts to post 0.
    for (const [i, postId] of postIds.entries()) {
      await members[i].client.request(`/api/posts/${postId}/like`, { method: 'PUT' });
    }
    await members[3].client.request(`/api/posts/${postIds[0]}/reaction`, {
      method: 'PUT',
      json: { reaction: 'celebrate' },
    });

    // Every read at once, twice over, so they meet in the same batches.
    const reads = await Promise.all(
      [...members, ...members].map(async (m) => ({
        today: await json(m.client, '/api/checkins/today'),
        cycle: await json(m.client, '/api/cycle'),
        feed: await json(m.client, '/api/feed'),
      })),
    );
    for (const [k, read] of reads.entries()) {
      const i = k % 4;
      if (i < 3) {
        expect(read.today.checkin).toMatchObject({
          journalMd: `journal of member ${i}`,
          movedMinutes: 10 + i,
        });
        expect(read.cycle.days[0]).toMatchObject({ day: 1, movedMinutes: 10 + i });
      } else {
        expect(read.today.checkin).toBeNull();
        expect(read.cycle.days[0]).toMatchObject({ day: 1, movedMinutes: 0 });
      }
      const mine = read.feed.posts.filter((p: { id: string }) => postIds.includes(p.id));
      expect(mine).toHaveLength(3);
      for (const post of mine) {
        const j = postIds.indexOf(post.id);
        expect(post.likedByMe).toBe(i === j);
        expect(post.myReaction).toBe(i === 3 && j === 0 ? 'celebrate' : null);
      }
    }
  });
});

describe('feed marks asked at the same moment for different pages', () => {
  it('answer each viewer on their own page only, in one statement', async () => {
    const members = await Promise.all([0, 1].map(() => t.member()));
    const postIds: string[] = [];
    for (const [i, m] of members.entries()) {
      const res = await m.client.request('/api/checkins', {
        method: 'POST',
        json: checkinBody(`page ${i}`, 20),
      });
      postIds.push((await res.json()).checkin.postId);
    }
    // Member 0 likes post 0; member 1 likes both and reacts to post 1.
    await members[0].client.request(`/api/posts/${postIds[0]}/like`, { method: 'PUT' });
    for (const postId of postIds)
      await members[1].client.request(`/api/posts/${postId}/like`, { method: 'PUT' });
    await members[1].client.request(`/api/posts/${postIds[1]}/reaction`, {
      method: 'PUT',
      json: { reaction: 'celebrate' },
    });
    const [m0, m1] = members.map((m) => m.userId);
    const counter = countTransactions(t.database);
    counter.start();
    const marks = await Promise.all([
      viewerMarks(t.deps.db, m0, [postIds[1]]),
      viewerMarks(t.deps.db, m1, [postIds[0]]),
      viewerMarks(t.deps.db, m0, [postIds[0]]),
      viewerMarks(t.deps.db, m1, [postIds[1]]),
    ]);
    expect(counter.stop().transactions).toBe(1);
    expect(marks.map((m) => [[...m.likes], Object.fromEntries(m.reactions)])).toEqual([
      [[], {}],
      [[postIds[0]], {}],
      [[postIds[0]], {}],
      [[postIds[1]], { [postIds[1]]: 'celebrate' }],
    ]);
  });
});

describe('admin list reads made at the same moment', () => {
  it('answer each search and page as it would alone', async () => {
    const admin = await t.member({ displayName: 'Batch Admin' });
    await t.deps.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
    await t.setAdminFlag(admin.userId);
    for (const name of ['Quilla Batch', 'Quentin Batch', 'Zora Batch'])
      await t.member({ displayName: name });
    const paths = [
      '/api/admin/users',
      '/api/admin/users?q=qu',
      '/api/admin/users?q=zor',
      '/api/admin/users?q=nobody',
    ];
    const alone: unknown[] = [];
    for (const path of paths) alone.push(await json(admin.client, path));
    const together = await Promise.all(
      [...paths, ...paths].map((path) => json(admin.client, path)),
    );
    expect(together).toEqual([...alone, ...alone]);
    const names = (page: unknown) =>
      (page as { users: { displayName: string }[] }).users.map((u) => u.displayName);
    expect(names(alone[1])).toEqual(['Quentin Batch', 'Quilla Batch']);
    expect(names(alone[2])).toEqual(['Zora Batch']);
    expect(names(alone[3])).toEqual([]);
  });
});
