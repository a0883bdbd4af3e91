import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@shared/constants';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../testing/test-app';
import { checkins, idempotencyKeys, postMedia, posts, userSettings } from '../db/schema';
import { createCheckin, getToday } from '../modules/checkins/service';
import { idempotencyRequest } from './idempotency';
import { testPng } from '../testing/images';

const t = setUpTestApp();

const checkin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: 'Offline at the park',
};

const post = (client: TestClient, key: string | undefined, body: object = checkin) =>
  client.request('/api/checkins', {
    method: 'POST',
    json: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function rowsOf(userId: string) {
  const [c] = await t.deps.db
    .select({ n: count() })
    .from(checkins)
    .where(eq(checkins.userId, userId));
  const [p] = await t.deps.db.select({ n: count() }).from(posts).where(eq(posts.userId, userId));
  return { checkins: c.n, posts: p.n };
}

const png = () => testPng('orange', 20, 20);

describe('idempotency keys on check-in create', () => {
  it('a repeated key returns the first answer and creates nothing new', async () => {
    const { client, userId } = await t.member();
    const first = await post(client, 'queue-1:checkin');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await post(client, 'queue-1:checkin');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(firstBody);
    expect(await rowsOf(userId)).toEqual({ checkins: 1, posts: 1 });
    // Without the key, the one-per-day rule answers as before.
    expect((await post(client, undefined)).status).toBe(409);
  });

  it('concurrent duplicates create exactly one check-in and all get its answer', async () => {
    const { client, userId } = await t.member();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(client, 'queue-race:checkin')),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(
      await Promise.all(answers.map(async (a) => (await a.json()).checkin.id as string)),
    );
    expect(ids.size).toBe(1);
    expect(await rowsOf(userId)).toEqual({ checkins: 1, posts: 1 });
  });

  it("another member's identical key is independent", async () => {
    const a = await t.member();
    const b = await t.member();
    const fromA = await (await post(a.client, 'shared-key-123')).json();
    const fromB = await post(b.client, 'shared-key-123');
    expect(fromB.status).toBe(201);
    const bodyB = await fromB.json();
    expect(bodyB.checkin.id).not.toBe(fromA.checkin.id);
    expect(await rowsOf(b.userId)).toEqual({ checkins: 1, posts: 1 });
  });

  it('the same key with a different body is a 422 and changes nothing', async () => {
    const { client, userId } = await t.member();
    await post(client, 'queue-2:checkin');
    const changed = await post(client, 'queue-2:checkin', { ...checkin, steps: 9000 });
    expect(changed.status).toBe(422);
    expect((await changed.json()).message).toBe(msg.idempotencyKeyReused);
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.steps).toBe(8000);
    expect(await rowsOf(userId)).toEqual({ checkins: 1, posts: 1 });
  });

  it('a refused request does not use the key up', async () => {
    const { client, userId } = await t.member();
    const bad = await post(client, 'queue-3:checkin', { ...checkin, steps: -1 });
    expect(bad.status).toBe(422);
    expect((await post(client, 'queue-3:checkin')).status).toBe(201);
    expect(await rowsOf(userId)).toEqual({ checkins: 1, posts: 1 });
  });

  it('refuses a huge, short or malformed key before doing anything', async () => {
    const { client, userId } = await t.member();
    for (const key of [
      'x'.repeat(129),
      'x'.repeat(100_000),
      'short',
      'has space ok',
      'a/b/c/d/e',
    ]) {
      const res = await post(client, key);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(msg.idempotencyKeyInvalid);
    }
    expect(await rowsOf(userId)).toEqual({ checkins: 0, posts: 0 });
    // A NUL cannot travel in an HTTP header at all; the parser refuses it too.
    expect(() => idempotencyRequest('abcdefgh\u0000', [])).toThrow(msg.idempotencyKeyInvalid);
  });

  it('forgets a key after its time, and sweeps expired keys', async () => {
    const { userId } = await t.member({ timeZone: 'UTC' });
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, userId));
    const day1 = new Date('2026-03-01T10:00:00Z');
    const later = new Date(day1.getTime() + (IDEMPOTENCY_KEY_TTL_HOURS + 1) * 3_600_000);
    const request = idempotencyRequest('queue-old:checkin', ['checkins.create', checkin])!;
    const first = await createCheckin(await t.contextFor(userId, { now: day1 }), checkin, {
      idempotency: request,
    });
    const second = await createCheckin(await t.contextFor(userId, { now: later }), checkin, {
      idempotency: request,
    });
    expect(second.checkin.id).not.toBe(first.checkin.id);
    const keys = await t.deps.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, userId));
    expect(keys).toHaveLength(1);
    expect(keys[0].createdAt.getTime()).toBe(later.getTime());
  });
});

describe('idempotency keys on check-in media', () => {
  it('a replayed upload returns the first media and stores one file', async () => {
    const { client } = await t.member();
    const { checkin: created } = await (await post(client, undefined)).json();
    const upload = async (key: string, index = 0) =>
      client.request(`/api/checkins/${created.id}/media?index=${index}`, {
        method: 'POST',
        body: new Uint8Array(await png()),
        headers: { 'content-type': 'image/png', 'idempotency-key': key },
      });
    const first = await upload('queue-9:media:0');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await upload('queue-9:media:0');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(firstBody);
    const [{ n }] = await t.deps.db
      .select({ n: count() })
      .from(postMedia)
      .where(eq(postMedia.postId, created.postId));
    expect(n).toBe(1);
    // The same key for another position is another request.
    expect((await upload('queue-9:media:0', 1)).status).toBe(422);
  });
});

describe('a check-in made offline counts for the day it was made on', () => {
  async function utcMember(firstVisit: Date) {
    const m = await t.member({ timeZone: 'UTC' });
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, m.userId));
    await getToday(await t.contextFor(m.userId, { now: firstVisit }));
    return m.userId;
  }

  it("yesterday's queued check-in arrives this morning as yesterday, and today stays open", async () => {
    const userId = await utcMember(new Date('2026-04-10T09:00:00Z'));
    const morning = await t.contextFor(userId, { now: new Date('2026-04-11T07:00:00Z') });
    const queued = await createCheckin(morning, checkin, {
      madeAt: new Date('2026-04-10T22:30:00Z'),
    });
    expect(queued.checkin).toMatchObject({ localDate: '2026-04-10', dayNumber: 1 });
    const today = await createCheckin(morning, checkin);
    expect(today.checkin).toMatchObject({ localDate: '2026-04-11', dayNumber: 2 });
  });

  it('refuses a check-in older than the bound, from the future, or from before the cycle', async () => {
    const userId = await utcMember(new Date('2026-05-10T09:00:00Z'));
    const ctx = await t.contextFor(userId, { now: new Date('2026-05-11T14:00:00Z') });
    await expect(
      createCheckin(ctx, checkin, { madeAt: new Date('2026-05-10T23:00:00Z') }),
    ).rejects.toThrow(msg.checkinQueuedTooOld);
    await expect(
      createCheckin(ctx, checkin, { madeAt: new Date('2026-05-11T15:00:00Z') }),
    ).rejects.toThrow(msg.checkinMadeAtInvalid);
    const firstDay = await t.contextFor(userId, { now: new Date('2026-05-10T09:30:00Z') });
    await expect(
      createCheckin(firstDay, checkin, { madeAt: new Date('2026-05-09T23:00:00Z') }),
    ).rejects.toThrow(msg.checkinQueuedBeforeCycle);
    expect(await rowsOf(userId)).toEqual({ checkins: 0, posts: 0 });
  });

  it('a clock a little ahead counts as today, over HTTP too', async () => {
    const { client } = await t.member();
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const res = await post(client, 'queue-ahead:checkin', { ...checkin, madeAt: ahead });
    expect(res.status).toBe(201);
    const today = await (await client.request('/api/checkins/today')).json();
    expect((await res.json()).checkin.localDate).toBe(today.cycle.today);
    const bad = await post(client, 'queue-bad:checkin', { ...checkin, madeAt: 'yesterday' });
    expect(bad.status).toBe(422);
  });
});
