import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import { createTestApp, type TestApp } from '../../test-app';
import { checkins, cycles, posts, userBadges, userSettings } from '../../db/schema';
import { createCheckin } from './service';
import { activeCycle } from '../cycles/service';
import { awardStreakBadge } from '../badges/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validCheckin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: '**Strong** day',
};
const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

async function checkIn(
  client: Awaited<ReturnType<TestApp['member']>>['client'],
  body: object = validCheckin,
) {
  return client.request('/api/checkins', { method: 'POST', json: body });
}

describe('the home screen and cycles', () => {
  it('creates the active cycle at Day 1 on first visit', async () => {
    const { client } = await t.member();
    const res = await client.request('/api/checkins/today');
    const body = await res.json();
    expect(body.cycle).toMatchObject({ day: 1, totalDays: 90 });
    expect(body.checkin).toBeNull();
    const again = await (await client.request('/api/checkins/today')).json();
    expect(again.cycle.id).toBe(body.cycle.id);
  });

  it("counts the day in the member's own time zone", async () => {
    const { userId } = await t.member({ timeZone: 'Asia/Tokyo' });
    // 2026-03-07 16:30 UTC is already 2026-03-08 in Tokyo.
    const cycle = await activeCycle(t.deps.db, userId, new Date('2026-03-07T16:30:00Z'));
    expect(cycle.today).toBe('2026-03-08');
    const later = await activeCycle(t.deps.db, userId, new Date('2026-03-10T14:59:00Z'));
    expect(later.day).toBe(3);
    const la = await t.member({ timeZone: 'America/Los_Angeles' });
    const laCycle = await activeCycle(t.deps.db, la.userId, new Date('2026-03-08T07:30:00Z'));
    expect(laCycle.today).toBe('2026-03-07');
  });
});

describe('creating a check-in', () => {
  it('creates the check-in and its public post together', async () => {
    const { client, userId } = await t.member();
    const res = await checkIn(client);
    expect(res.status).toBe(201);
    const { checkin } = await res.json();
    expect(checkin).toMatchObject({
      dayNumber: 1,
      movedMinutes: 30,
      steps: 8000,
      journalMd: '**Strong** day',
      editable: true,
    });
    const [post] = await t.deps.db.select().from(posts).where(eq(posts.userId, userId));
    expect(post).toMatchObject({
      caption: '**Strong** day',
      visibility: 'public',
      isHidden: false,
      checkinId: checkin.id,
    });
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.id).toBe(checkin.id);
  });

  it('uses the default caption for an empty journal and turns non-numbers into 0', async () => {
    const { client, userId } = await t.member();
    const res = await checkIn(client, {
      movedMinutes: 'abc',
      steps: '',
      proteinTargetHit: false,
      hydrationGoalHit: true,
      journalMd: '',
    });
    expect(res.status).toBe(201);
    const { checkin } = await res.json();
    expect(checkin).toMatchObject({ movedMinutes: 0, steps: 0 });
    const [post] = await t.deps.db.select().from(posts).where(eq(posts.userId, userId));
    expect(post.caption).toBe('Daily check-in complete!');
  });

  it('refuses bad numbers and a journal over 2000 characters, saving nothing', async () => {
    const { client, userId } = await t.member();
    const cases: [object, string][] = [
      [{ ...validCheckin, movedMinutes: -5 }, msg.numberNotNegative],
      [{ ...validCheckin, steps: 1e12 }, msg.stepsTooHigh],
      [{ ...validCheckin, journalMd: 'x'.repeat(2001) }, msg.journalTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await checkIn(client, body);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(message);
    }
    const rows = await t.deps.db.select().from(checkins).where(eq(checkins.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it('makes exactly one check-in and one post from 20 concurrent submits', async () => {
    const { client, userId } = await t.member();
    const results = await Promise.all(Array.from({ length: 20 }, () => checkIn(client)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = await results.find((r) => r.status === 409)!.json();
    expect(refused.message).toBe(msg.alreadyCheckedInToday);
    expect(await t.deps.db.select().from(checkins).where(eq(checkins.userId, userId))).toHaveLength(
      1,
    );
    expect(await t.deps.db.select().from(posts).where(eq(posts.userId, userId))).toHaveLength(1);
  });

  it('needs a signed-in member', async () => {
    const res = await t.client().request('/api/checkins', { method: 'POST', json: validCheckin });
    expect(res.status).toBe(401);
  });
});

describe('editing', () => {
  it('edits within 15 minutes and refuses afterwards', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const edit = await client.request(`/api/checkins/${checkin.id}`, {
      method: 'PATCH',
      json: { ...validCheckin, steps: 9000, journalMd: 'Edited' },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).checkin).toMatchObject({ steps: 9000, journalMd: 'Edited' });
    const [post] = await t.deps.db.select().from(posts).where(eq(posts.checkinId, checkin.id));
    expect(post.caption).toBe('Edited');

    await t.deps.db
      .update(checkins)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(checkins.id, checkin.id));
    const late = await client.request(`/api/checkins/${checkin.id}`, {
      method: 'PATCH',
      json: { ...validCheckin, steps: 1 },
    });
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe(msg.checkinEditWindowClosed);
    const [row] = await t.deps.db.select().from(checkins).where(eq(checkins.id, checkin.id));
    expect(row.steps).toBe(9000);
  });

  it("keeps members out of each other's check-ins", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { checkin } = await (await checkIn(owner.client)).json();
    const edit = await other.client.request(`/api/checkins/${checkin.id}`, {
      method: 'PATCH',
      json: validCheckin,
    });
    expect(edit.status).toBe(404);
    const update = await other.client.request(`/api/checkins/${checkin.id}/updates`, {
      method: 'POST',
      json: { body: 'mine now' },
    });
    expect(update.status).toBe(404);
    const media = await other.client.request(`/api/checkins/${checkin.id}/media?index=0`, {
      method: 'POST',
      body: await png('red'),
    });
    expect(media.status).toBe(404);
  });
});

describe('proof media', () => {
  it('stores images in the chosen order, serves them to members only, and stops at 10', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const colors = ['red', 'green', 'blue'];
    const uploads = await Promise.all(
      colors.map(async (color, index) =>
        client.request(`/api/checkins/${checkin.id}/media?index=${index}`, {
          method: 'POST',
          body: await png(color),
          headers: { 'content-type': 'image/png' },
        }),
      ),
    );
    expect(uploads.map((u) => u.status)).toEqual([201, 201, 201]);
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.media.map((m: { sortIndex: number }) => m.sortIndex)).toEqual([0, 1, 2]);
    const first = today.checkin.media[0];
    expect(first).toMatchObject({ mediaType: 'image', mimeType: 'image/webp' });

    const served = await client.request(first.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await t.client().request(first.url)).status).toBe(401);

    for (let index = 3; index < 10; index++) {
      const res = await client.request(`/api/checkins/${checkin.id}/media?index=${index}`, {
        method: 'POST',
        body: await png('white'),
      });
      expect(res.status).toBe(201);
    }
    const eleventh = await client.request(`/api/checkins/${checkin.id}/media?index=10`, {
      method: 'POST',
      body: await png('black'),
    });
    expect(eleventh.status).toBe(422);
    expect((await eleventh.json()).message).toBe(msg.tooManyCheckinMedia);
  });

  it('refuses an SVG with a script and a renamed executable', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]);
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [exe, 'image/jpeg'],
    ] as const) {
      const res = await client.request(`/api/checkins/${checkin.id}/media?index=0`, {
        method: 'POST',
        body,
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe(msg.unsupportedFileType);
    }
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.media).toEqual([]);
  });
});

describe('updates', () => {
  it('adds an update with text, and refuses an empty one or one without a session', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const empty = await client.request(`/api/checkins/${checkin.id}/updates`, {
      method: 'POST',
      json: { body: '  ' },
    });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe(msg.addTextOrMedia);
    const anonymous = await t
      .client()
      .request(`/api/checkins/${checkin.id}/updates`, { method: 'POST', json: { body: 'hi' } });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe(msg.signInToAddUpdates);

    const ok = await client.request(`/api/checkins/${checkin.id}/updates`, {
      method: 'POST',
      json: { body: 'Evening walk too', mediaCount: 1 },
    });
    expect(ok.status).toBe(201);
    const { update } = await ok.json();
    const media = await client.request(`/api/updates/${update.id}/media?index=0`, {
      method: 'POST',
      body: await png('orange'),
    });
    expect(media.status).toBe(201);
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.updates).toHaveLength(1);
    expect(today.checkin.updates[0]).toMatchObject({ body: 'Evening walk too' });
    expect(today.checkin.updates[0].media).toHaveLength(1);
  });
});

describe('streak badges', () => {
  const dayAt = (start: Date, offset: number) => new Date(start.getTime() + offset * 86_400_000);

  it('awards starter_7 on the seventh consecutive day, once', async () => {
    const { userId } = await t.member({ timeZone: 'UTC' });
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, userId));
    const start = new Date('2026-01-05T12:00:00Z');
    const badges: (string | null)[] = [];
    for (let day = 0; day < 8; day++) {
      const { badge } = await createCheckin(
        t.deps.db,
        userId,
        { ...validCheckin, journalMd: '' },
        dayAt(start, day),
      );
      badges.push(badge?.code ?? null);
    }
    expect(badges).toEqual([null, null, null, null, null, null, 'starter_7', null]);
    const awards = await t.deps.db.select().from(userBadges).where(eq(userBadges.userId, userId));
    expect(awards).toHaveLength(1);
    expect(awards[0].reason).toBe('Completed 7 consecutive check-ins');
  });

  it('resets the count after a gap', async () => {
    const { userId } = await t.member();
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, userId));
    const start = new Date('2026-02-02T12:00:00Z');
    const offsets = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12];
    const awarded: string[] = [];
    for (const offset of offsets) {
      const { badge } = await createCheckin(t.deps.db, userId, validCheckin, dayAt(start, offset));
      if (badge) awarded.push(`${offset}:${badge.code}`);
    }
    expect(awarded).toEqual([]);
    const { badge } = await createCheckin(t.deps.db, userId, validCheckin, dayAt(start, 13));
    expect(badge?.code).toBe('starter_7');
  });

  it('never awards twice under concurrent requests', async () => {
    const { userId } = await t.member();
    const cycle = await activeCycle(t.deps.db, userId);
    const values = Array.from({ length: 7 }, (_, i) => ({
      cycleId: cycle.id,
      userId,
      dayNumber: i + 1,
      localDate: `2026-04-${String(i + 1).padStart(2, '0')}`,
    }));
    await t.deps.db.insert(checkins).values(values);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        awardStreakBadge(t.deps.db, { userId, cycleId: cycle.id, dayNumber: 7 }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.deps.db
      .select({ n: sql<number>`count(*)` })
      .from(userBadges)
      .where(eq(userBadges.userId, userId));
    expect(rows[0].n).toBe(1);
    const [active] = await t.deps.db
      .select()
      .from(cycles)
      .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)));
    expect(active.id).toBe(cycle.id);
  });
});
