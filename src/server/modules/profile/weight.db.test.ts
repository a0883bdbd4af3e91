import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FeedPage, MyCycleView } from '@shared/api-types';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { weightHistory } from '../../db/schema';
import { createCheckin } from '../checkins/service';
import { communityFeed } from '../feed/service';
import { getMyCycle, startNewCycle } from '../cycles/service';
import { saveHealth } from './health';

const t = setUpTestApp();

const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Weighed in',
};
const health = (weightKg: number, socialShareWeight: boolean) => ({
  birthYear: 1990,
  weightKg,
  goals: [],
  equipment: [],
  socialShareWeight,
});

async function saveWeight(client: TestClient, weightKg: number, share: boolean) {
  const res = await client.request('/api/profile/health', {
    method: 'PUT',
    json: health(weightKg, share),
  });
  expect(res.status).toBeLessThan(300);
}

async function postCheckin(client: TestClient): Promise<string> {
  return (await checkInToday(client, checkin)).postId;
}

async function weightOnPost(viewer: TestClient, postId: string) {
  const page = (await (await viewer.request('/api/feed')).json()) as FeedPage;
  const post = page.posts.find((p) => p.id === postId);
  expect(post).toBeDefined();
  return post!.weightChangeKg;
}

describe('Share my weight progress with the community', () => {
  it('shows the change since Day 1 on the member’s posts to everyone only while the switch is on', async () => {
    const sharer = await t.member({ displayName: 'Sharer' });
    const viewer = await t.member({ displayName: 'Viewer' });
    await saveWeight(sharer.client, 80, true);
    await saveWeight(sharer.client, 78.5, true);
    const postId = await postCheckin(sharer.client);

    expect(await weightOnPost(viewer.client, postId)).toBeCloseTo(-1.5, 5);
    expect(await weightOnPost(sharer.client, postId)).toBeCloseTo(-1.5, 5);

    // Switched off: the author still sees it; nobody else is sent it.
    await saveWeight(sharer.client, 78.5, false);
    expect(await weightOnPost(viewer.client, postId)).toBeNull();
    expect(await weightOnPost(sharer.client, postId)).toBeCloseTo(-1.5, 5);
    const raw = await (await viewer.client.request('/api/feed')).text();
    expect(raw).not.toContain('-1.5');
    expect(raw).not.toContain('weightShared');

    const cycle = (await (await sharer.client.request('/api/cycle')).json()) as MyCycleView;
    expect(cycle.weight.changeKg).toBeCloseTo(-1.5, 5);
    expect(cycle.weight.shared).toBe(false);
  });

  it('shows no change with a single weight, and none on a member who never shared', async () => {
    const quiet = await t.member({ displayName: 'Quiet' });
    const viewer = await t.member({ displayName: 'Viewer two' });
    await saveWeight(quiet.client, 70, false);
    const first = await postCheckin(quiet.client);
    expect(await weightOnPost(quiet.client, first)).toBeNull();
    await saveWeight(quiet.client, 71, false);
    const cycle = (await (await quiet.client.request('/api/cycle')).json()) as MyCycleView;
    expect(cycle.weight).toEqual({ changeKg: 1, shared: false });
    expect(await weightOnPost(viewer.client, first)).toBeNull();
  });

  it('keeps a history entry each time the weight changes, none when it is saved unchanged', async () => {
    const m = await t.member();
    await saveWeight(m.client, 90, false);
    await saveWeight(m.client, 90, true);
    await saveWeight(m.client, 89.2, true);
    const rows = await t.deps.db
      .select({ weightKg: weightHistory.weightKg })
      .from(weightHistory)
      .where(eq(weightHistory.userId, m.userId))
      .orderBy(weightHistory.recordedAt);
    expect(rows.map((r) => r.weightKg)).toEqual([90, 89.2]);
  });

  it('counts from the weight at or before the cycle’s start, and each post as of its day', async () => {
    const { userId } = await t.member({ timeZone: 'UTC' });
    const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));
    const at = (n: number) => t.contextFor(userId, { now: day(n) });
    await saveHealth(await at(1), health(100, true)); // before the cycle
    await getMyCycle(await at(5)); // Day 1 is 5 March
    await saveHealth(await at(6), health(99, true));
    const early = await createCheckin(await at(6), checkin);
    await saveHealth(await at(8), health(97.5, true));
    const later = await createCheckin(await at(8), checkin);

    const posts = (await communityFeed(await at(8), {})).posts;
    const change = (postId: string) => posts.find((p) => p.id === postId)?.weightChangeKg;
    expect(change(early.checkin.postId!)).toBeCloseTo(-1, 5);
    expect(change(later.checkin.postId!)).toBeCloseTo(-2.5, 5);
    expect((await getMyCycle(await at(8))).weight.changeKg).toBeCloseTo(-2.5, 5);

    // A new cycle starts from the weight it starts with.
    const next = await startNewCycle(await at(9));
    expect(next.weight.changeKg).toBeNull();
    await saveHealth(await at(10), health(97, true));
    expect((await getMyCycle(await at(10))).weight.changeKg).toBeCloseTo(-0.5, 5);
  });

  it('counts Day 1 in the zone in effect, whatever zone a stale session still carries', async () => {
    const { userId } = await t.member({ timeZone: 'UTC' });
    const at = (iso: string) => t.contextFor(userId, { now: new Date(iso) });
    await saveHealth(await at('2026-03-01T12:00:00Z'), health(100, true));
    await getMyCycle(await at('2026-03-05T12:00:00Z')); // Day 1 is 5 March, from 00:00 UTC
    // Before midnight UTC, but after midnight in Kiritimati (UTC+14): Day 1's weight only in UTC.
    await saveHealth(await at('2026-03-04T14:00:00Z'), health(98, true));
    await saveHealth(await at('2026-03-06T12:00:00Z'), health(97, true));
    const now = '2026-03-06T13:00:00Z';
    expect((await getMyCycle(await at(now))).weight.changeKg).toBeCloseTo(-1, 5);
    // A session read in another zone (the zone changed since): My Cycle reads the weight on its own.
    const stale = await at(now);
    if (stale.actor.kind !== 'member') throw new Error('a member context');
    stale.actor.user = { ...stale.actor.user, timeZone: 'Pacific/Kiritimati' };
    expect((await getMyCycle(stale)).weight.changeKg).toBeCloseTo(-1, 5);
  });

  it('is removed with the account', async () => {
    const m = await t.member();
    await saveWeight(m.client, 60, false);
    const res = await m.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(weightHistory)
      .where(eq(weightHistory.userId, m.userId));
    expect(rows).toHaveLength(0);
  });
});
