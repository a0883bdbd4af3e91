import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MEDIA_STORAGE_QUOTA_BYTES, UPDATES_PER_HOUR } from '@shared/constants';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestMember } from '../../testing/test-app';
import {
  checkinUpdates,
  checkins,
  cycles,
  postMedia,
  posts,
  userBadges,
  userSettings,
} from '../../db/schema';
import { getMyCycle, startNewCycle } from '../cycles/service';
import {
  addUpdateMedia,
  createCheckin,
  createUpdate,
  editCheckin,
  getToday,
  type UploadedFile,
} from './service';
import { awardStreakBadge } from '../../queries/streak-badge';
import { readRuleInputs } from '../../queries/cycle-stats';
import { testPng } from '../../testing/images';

const t = setUpTestApp();

const validCheckin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
  journalMd: '**Strong** day',
};
const png = (color: string) => testPng(color);

const pngFile = async (color: string): Promise<UploadedFile> => ({
  body: new Blob([new Uint8Array(await png(color))]).stream(),
});

/** A member whose day turns over at midnight UTC, so a test can name the instant of any cycle day. */
async function utcMember() {
  const m = await t.member({ timeZone: 'UTC' });
  await t.deps.db
    .update(userSettings)
    .set({ timezone: 'UTC' })
    .where(eq(userSettings.userId, m.userId));
  return m;
}

async function checkIn(client: TestMember['client'], body: object = validCheckin) {
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
    const at = async (userId: string, iso: string) =>
      (await getToday(await t.contextFor(userId, { now: new Date(iso) }))).cycle;
    const { userId } = await t.member({ timeZone: 'Asia/Tokyo' });
    // 2026-03-07 16:30 UTC is already 2026-03-08 in Tokyo.
    const cycle = await at(userId, '2026-03-07T16:30:00Z');
    expect(cycle.today).toBe('2026-03-08');
    const later = await at(userId, '2026-03-10T14:59:00Z');
    expect(later.day).toBe(3);
    const la = await t.member({ timeZone: 'America/Los_Angeles' });
    const laCycle = await at(la.userId, '2026-03-08T07:30:00Z');
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

  it('shares a check-in with a crew only its author is in, and says a second check-in is one before anything else', async () => {
    const owner = await t.member();
    const { client, userId } = await t.member();
    const crew = await (
      await owner.client.request('/api/crews', { method: 'POST', json: { name: 'Not Yours' } })
    ).json();
    const forged = '00000000-0000-4000-8000-000000000000';
    for (const crewId of [crew.id, forged]) {
      const refused = await checkIn(client, {
        ...validCheckin,
        audience: { kind: 'crew', crewId },
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).message).toBe(msg.audienceCrewNotYours);
    }
    // Nothing was kept of the refused ones: the day is still open.
    expect(await t.deps.db.select().from(checkins).where(eq(checkins.userId, userId))).toHaveLength(
      0,
    );
    expect((await checkIn(client, { ...validCheckin, audience: { kind: 'only_me' } })).status).toBe(
      201,
    );
    const again = await checkIn(client, {
      ...validCheckin,
      audience: { kind: 'crew', crewId: crew.id },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(msg.alreadyCheckedInToday);
    const [post] = await t.deps.db.select().from(posts).where(eq(posts.userId, userId));
    expect(post).toMatchObject({ visibility: 'private', crewId: null });
  });

  it('shares a check-in with its author’s crew by name', async () => {
    const { client } = await t.member();
    const crew = await (
      await client.request('/api/crews', { method: 'POST', json: { name: 'Dawn Patrol' } })
    ).json();
    const res = await checkIn(client, {
      ...validCheckin,
      audience: { kind: 'crew', crewId: crew.id },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).checkin.audience).toEqual({
      kind: 'crew',
      crewId: crew.id,
      crewName: 'Dawn Patrol',
    });
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

  it('records the stored size and refuses uploads past the storage quota before storing them', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const first = await client.request(`/api/checkins/${checkin.id}/media?index=0`, {
      method: 'POST',
      body: await png('red'),
    });
    expect(first.status).toBe(201);
    const [row] = await t.deps.db
      .select()
      .from(postMedia)
      .where(eq(postMedia.postId, checkin.postId));
    expect(row.sizeBytes).toBeGreaterThan(0);

    // The member's files fill the quota: the next upload is refused, on a check-in and on an update.
    await t.deps.db
      .update(postMedia)
      .set({ sizeBytes: MEDIA_STORAGE_QUOTA_BYTES })
      .where(eq(postMedia.id, row.id));
    const full = await client.request(`/api/checkins/${checkin.id}/media?index=1`, {
      method: 'POST',
      body: await png('green'),
    });
    expect(full.status).toBe(413);
    expect((await full.json()).message).toBe(msg.storageQuotaReached);
    const { update } = await (
      await client.request(`/api/checkins/${checkin.id}/updates`, {
        method: 'POST',
        json: { body: 'More', mediaCount: 1 },
      })
    ).json();
    const toUpdate = await client.request(`/api/updates/${update.id}/media?index=0`, {
      method: 'POST',
      body: await png('blue'),
    });
    expect(toUpdate.status).toBe(413);
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.media).toHaveLength(1);
    expect(today.checkin.updates[0].media).toEqual([]);
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
        await t.contextFor(userId, { now: dayAt(start, day) }),
        { ...validCheckin, journalMd: '' },
      );
      badges.push(badge?.code ?? null);
    }
    expect(badges).toEqual([null, null, null, null, null, null, 'starter_7', null]);
    const awards = await t.deps.db.select().from(userBadges).where(eq(userBadges.userId, userId));
    expect(awards).toHaveLength(1);
    expect(awards[0].reason).toBe('Completed 7 consecutive check-ins');
  });

  /** Check-ins at noon UTC on each offset from 2 February, and the badges they earned. */
  async function badgesOver(userId: string, offsets: number[]) {
    await t.deps.db
      .update(userSettings)
      .set({ timezone: 'UTC' })
      .where(eq(userSettings.userId, userId));
    const start = new Date('2026-02-02T12:00:00Z');
    const awarded: string[] = [];
    for (const offset of offsets) {
      const ctx = await t.contextFor(userId, { now: dayAt(start, offset) });
      const { badge } = await createCheckin(ctx, validCheckin);
      if (badge) awarded.push(`${offset}:${badge.code}`);
    }
    return awarded;
  }

  it('resets the count after a gap in a strict cycle', async () => {
    const { userId } = await t.member();
    const ctx = await t.contextFor(userId, { now: new Date('2026-02-02T12:00:00Z') });
    await getToday(ctx);
    await t.deps.db.update(cycles).set({ mode: 'strict' }).where(eq(cycles.userId, userId));
    // Day 7 (offset 6) missed: the streak restarts, and the badge waits for 7 more.
    expect(await badgesOver(userId, [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13])).toEqual([
      '13:starter_7',
    ]);
  });

  it('counts through one missed day, forgiven, in a forgiving cycle (issue 43)', async () => {
    const { userId } = await t.member();
    // Day 7 missed and day 8 checked in: the grace day keeps the streak, which counts check-ins
    // only, so the seventh check-in (day 8) earns the badge.
    expect(await badgesOver(userId, [0, 1, 2, 3, 4, 5, 7])).toEqual(['7:starter_7']);
  });

  it('ends a forgiving streak on two missed days in a row', async () => {
    const { userId } = await t.member();
    expect(await badgesOver(userId, [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13])).toEqual([]);
  });

  it('never awards twice under concurrent requests', async () => {
    const { userId } = await t.member();
    const { cycle } = await getToday(await t.contextFor(userId));
    const values = Array.from({ length: 7 }, (_, i) => ({
      cycleId: cycle.id,
      userId,
      dayNumber: i + 1,
      localDate: `2026-04-${String(i + 1).padStart(2, '0')}`,
    }));
    await t.deps.db.insert(checkins).values(values);
    await t.deps.db.update(cycles).set({ startDate: '2026-04-01' }).where(eq(cycles.id, cycle.id));
    const [rule] = await readRuleInputs(t.deps.db, [cycle.id]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        awardStreakBadge(t.deps.db, { userId, rule, localDate: '2026-04-07' }),
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

describe('after day 90 (docs/decisions/0014)', () => {
  const START = new Date('2026-01-01T12:00:00Z');
  /** Noon UTC on day `day` of a cycle that started on 2026-01-01. */
  const onDay = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
  const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });

  /** A member whose active cycle started on 2026-01-01, with check-ins on the given days. */
  async function memberWithCheckins(days: number[]) {
    const m = await utcMember();
    await getToday(await at(m.userId, 1)); // the cycle starts on the first visit
    for (const day of days) await createCheckin(await at(m.userId, day), validCheckin);
    return m;
  }

  it('takes check-ins on days 89 and 90 as those days, with the cycle still open', async () => {
    const { userId } = await memberWithCheckins([]);
    for (const day of [89, 90]) {
      const before = await getToday(await at(userId, day));
      expect(before.cycle).toMatchObject({ day, complete: false });
      expect(before.checkin).toBeNull();
      const { checkin } = await createCheckin(await at(userId, day), validCheckin);
      expect(checkin.dayNumber).toBe(day);
    }
    const myCycle = await getMyCycle(await at(userId, 90));
    expect(myCycle.cycle).toMatchObject({ day: 90, complete: false });
    expect(myCycle.days.slice(87).map((d) => d.status)).toEqual(['missed', 'done', 'done']);
  });

  it.each([91, 200])(
    'reports the cycle complete on day %i and refuses a check-in clearly, saving nothing',
    async (day) => {
      const done = await memberWithCheckins([89, 90]);
      const missed = await memberWithCheckins([88, 89]);
      for (const { userId } of [done, missed]) {
        const today = await getToday(await at(userId, day));
        expect(today.cycle).toMatchObject({ day: 90, totalDays: 90, complete: true });
        expect(today.checkin).toBeNull();
        await expect(createCheckin(await at(userId, day), validCheckin)).rejects.toMatchObject({
          status: 409,
          message: msg.cycleCompleteNoCheckin,
        });
        const rows = await t.deps.db.select().from(checkins).where(eq(checkins.userId, userId));
        expect(rows.map((r) => r.dayNumber).sort()).toEqual(
          userId === done.userId ? [89, 90] : [88, 89],
        );
      }

      // My Cycle shows the cycle as it ended: day 90, nothing "today" or "upcoming".
      const ended = await getMyCycle(await at(missed.userId, day));
      expect(ended.cycle).toMatchObject({ day: 90, complete: true });
      expect(ended.days.slice(86).map((d) => d.status)).toEqual([
        'missed',
        'done',
        'done',
        'missed',
      ]);
      expect(ended.days.some((d) => d.status === 'today' || d.status === 'upcoming')).toBe(false);
      expect(ended.stats).toMatchObject({ checkins: 2, consistency: 2 });
      expect(ended.milestones.every((m) => m.state === 'achieved')).toBe(true);

      // Start New Cycle begins again at Day 1, and the day's check-in goes there.
      const next = await startNewCycle(await at(missed.userId, day));
      expect(next.cycle).toMatchObject({ day: 1, complete: false });
      const { checkin } = await createCheckin(await at(missed.userId, day), validCheckin);
      expect(checkin).toMatchObject({ dayNumber: 1, cycleId: next.cycle.id });
    },
  );

  it('answers the same over HTTP: today says complete, a submit is a 409 with the reason', async () => {
    const { client, userId } = await t.member();
    const { cycle } = await (await client.request('/api/checkins/today')).json();
    const start = new Date(`${cycle.today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 199); // today is day 200
    await t.deps.db
      .update(cycles)
      .set({ startDate: start.toISOString().slice(0, 10) })
      .where(eq(cycles.id, cycle.id));
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.cycle).toMatchObject({ day: 90, complete: true });
    const refused = await checkIn(client);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(msg.cycleCompleteNoCheckin);
    expect(await t.deps.db.select().from(checkins).where(eq(checkins.userId, userId))).toEqual([]);
    const view = await (await client.request('/api/cycle')).json();
    expect(view.cycle.complete).toBe(true);
  });
});

describe('Start New Cycle on a day already checked in (decision 0032)', () => {
  const START = new Date('2026-01-01T12:00:00Z');
  const onDay = (day: number) => new Date(START.getTime() + (day - 1) * 86_400_000);
  const at = (userId: string, day: number) => t.contextFor(userId, { now: onDay(day) });

  it('keeps today in the old cycle and starts Day 1 tomorrow, so the new cycle can reach 90 of 90', async () => {
    const { userId } = await utcMember();
    await getToday(await at(userId, 1));
    const { checkin: old } = await createCheckin(await at(userId, 45), validCheckin);

    const restarted = await startNewCycle(await at(userId, 45));
    expect(restarted.cycle).toMatchObject({
      startDate: '2026-02-15',
      today: '2026-02-14',
      day: 1,
      started: false,
      complete: false,
    });
    // Nothing in the new cycle asks for a check-in today: today is done, in the old cycle.
    expect(restarted.days.map((d) => d.status)).toEqual(Array(90).fill('upcoming'));
    const home = await getToday(await at(userId, 45));
    expect(home.cycle).toMatchObject({ id: restarted.cycle.id, started: false });
    expect(home.checkin).toMatchObject({ id: old.id, dayNumber: 45, cycleId: old.cycleId });
    await expect(createCheckin(await at(userId, 45), validCheckin)).rejects.toMatchObject({
      status: 409,
    });
    const [previous] = await t.deps.db.select().from(cycles).where(eq(cycles.id, old.cycleId));
    expect(previous).toMatchObject({ isActive: false, checkinCount: 1 });

    // Tomorrow is Day 1, open for its check-in; 90 days later the cycle is 90 of 90.
    const tomorrow = await getMyCycle(await at(userId, 46));
    expect(tomorrow.cycle).toMatchObject({ day: 1, started: true });
    expect(tomorrow.days[0].status).toBe('today');
    for (let day = 1; day <= 90; day++) {
      const { checkin, badge } = await createCheckin(await at(userId, 45 + day), validCheckin);
      expect(checkin).toMatchObject({ dayNumber: day, cycleId: restarted.cycle.id });
      if (day === 90) expect(badge?.code).toBe('finisher_90');
    }
    const finished = await getMyCycle(await at(userId, 135));
    expect(finished.stats).toMatchObject({ checkins: 90, consistency: 100 });
  });

  it('starts today when today is not checked in yet, and the admin reset follows the same rule', async () => {
    const { userId } = await utcMember();
    await getToday(await at(userId, 1));
    const fresh = await startNewCycle(await at(userId, 10));
    expect(fresh.cycle).toMatchObject({ startDate: '2026-01-10', day: 1, started: true });
    expect(fresh.days[0].status).toBe('today');

    await createCheckin(await at(userId, 10), validCheckin);
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const reset = await admin.client.request(`/api/admin/users/${userId}/reset-cycle`, {
      method: 'POST',
    });
    expect(reset.status).toBe(200);
    // The admin's reset runs on the real clock: the member's today there is checked in too.
    const memberToday = (await getToday(await t.contextFor(userId))).cycle.today;
    await t.deps.db
      .update(checkins)
      .set({ localDate: memberToday })
      .where(eq(checkins.userId, userId));
    const again = await admin.client.request(`/api/admin/users/${userId}/reset-cycle`, {
      method: 'POST',
    });
    expect(again.status).toBe(200);
    const after = await getMyCycle(await t.contextFor(userId));
    expect(after.cycle.started).toBe(false);
    expect(after.cycle.startDate > memberToday).toBe(true);
    // The admin is told it starts tomorrow (issue 41 item 12).
    expect(await again.json()).toMatchObject({
      startDate: after.cycle.startDate,
      started: false,
    });
    expect(after.days.some((d) => d.status === 'today')).toBe(false);
  });
});

describe('the 15-minute window, one rule for check-ins and updates', () => {
  it('closes at exactly 15:00 for an edit and for an upload to an update', async () => {
    const { userId } = await utcMember();
    const created = new Date('2026-05-04T09:00:00Z');
    const justBefore = new Date(created.getTime() + 15 * 60_000 - 1);
    const closing = new Date(created.getTime() + 15 * 60_000);
    const ctxAt = (now: Date) => t.contextFor(userId, { now });
    const { checkin } = await createCheckin(await ctxAt(created), validCheckin);
    const { update } = await createUpdate(await ctxAt(created), {
      checkinId: checkin.id,
      body: 'Evening walk',
      mediaCount: 2,
    });

    const edited = await editCheckin(await ctxAt(justBefore), {
      checkinId: checkin.id,
      changes: { steps: 9100 },
    });
    expect(edited.checkin.steps).toBe(9100);
    await expect(
      editCheckin(await ctxAt(closing), { checkinId: checkin.id, changes: { steps: 1 } }),
    ).rejects.toMatchObject({ status: 403, message: msg.checkinEditWindowClosed });

    const first = await addUpdateMedia(await ctxAt(justBefore), {
      updateId: update.id,
      index: 0,
      file: await pngFile('teal'),
    });
    expect(first.media.mediaType).toBe('image');
    await expect(
      addUpdateMedia(await ctxAt(closing), {
        updateId: update.id,
        index: 1,
        file: await pngFile('navy'),
      }),
    ).rejects.toMatchObject({ status: 403, message: msg.checkinEditWindowClosed });
  });
});

describe('an update with nothing in it', () => {
  it('is never shown when every file of a photo-only update fails, and is removed later', async () => {
    const { client, userId } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const created = await client.request(`/api/checkins/${checkin.id}/updates`, {
      method: 'POST',
      json: { mediaCount: 1 },
    });
    expect(created.status).toBe(201);
    const { update } = await created.json();
    const failed = await client.request(`/api/updates/${update.id}/media?index=0`, {
      method: 'POST',
      body: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      headers: { 'content-type': 'image/svg+xml' },
    });
    expect(failed.status).toBe(415);

    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.updates).toEqual([]);
    const feed = await (await client.request('/api/feed')).json();
    const card = feed.posts.find((p: { id: string }) => p.id === checkin.postId);
    expect(card.updates).toEqual([]);

    // Once nothing can land on it any more, the member's next update removes it from the database.
    await t.deps.db
      .update(checkinUpdates)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(checkinUpdates.id, update.id));
    const next = await client.request(`/api/checkins/${checkin.id}/updates`, {
      method: 'POST',
      json: { body: 'Stretching later' },
    });
    expect(next.status).toBe(201);
    const rows = await t.deps.db
      .select()
      .from(checkinUpdates)
      .where(eq(checkinUpdates.userId, userId));
    expect(rows.map((r) => r.body)).toEqual(['Stretching later']);
  });

  it('shows a photo-only update once its first file lands', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const { update } = await (
      await client.request(`/api/checkins/${checkin.id}/updates`, {
        method: 'POST',
        json: { mediaCount: 1 },
      })
    ).json();
    const landed = await client.request(`/api/updates/${update.id}/media?index=0`, {
      method: 'POST',
      body: await png('purple'),
    });
    expect(landed.status).toBe(201);
    const today = await (await client.request('/api/checkins/today')).json();
    expect(today.checkin.updates).toHaveLength(1);
    expect(today.checkin.updates[0]).toMatchObject({ body: null });
    expect(today.checkin.updates[0].media).toHaveLength(1);
  });
});

describe('edits carry only what changes', () => {
  it('refuses an empty edit with a 422 instead of resetting the check-in to zeros', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const empty = await client.request(`/api/checkins/${checkin.id}`, {
      method: 'PATCH',
      json: {},
    });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe(msg.checkinEditEmpty);
    const partial = await client.request(`/api/checkins/${checkin.id}`, {
      method: 'PATCH',
      json: { steps: 9000 },
    });
    expect(partial.status).toBe(200);
    expect((await partial.json()).checkin).toMatchObject({
      steps: 9000,
      movedMinutes: validCheckin.movedMinutes,
      proteinTargetHit: true,
      journalMd: validCheckin.journalMd,
    });
    const [row] = await t.deps.db.select().from(checkins).where(eq(checkins.id, checkin.id));
    expect(row).toMatchObject({ steps: 9000, movedMinutes: 30, journalMd: '**Strong** day' });
  });

  it('refuses a NUL character in the journal with a 422', async () => {
    const { client } = await t.member();
    const res = await checkIn(client, { ...validCheckin, journalMd: 'Good\u0000day' });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(msg.textHasNullCharacter);
  });
});

describe('update limits', () => {
  it(`takes ${UPDATES_PER_HOUR} updates an hour, then refuses with the wait`, async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const results = await Promise.all(
      Array.from({ length: UPDATES_PER_HOUR + 5 }, (_, i) =>
        client.request(`/api/checkins/${checkin.id}/updates`, {
          method: 'POST',
          json: { body: `Update ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UPDATES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await results.find((r) => r.status === 429)!.json();
    expect(refused.message).toMatch(
      /^You've added a lot of updates\. Please try again in \d+ (minutes?|hours?)\.$/,
    );
    expect(refused.details.retryAfter).toBeGreaterThan(0);
  });

  it('gives back an update none of whose files landed: it is removed and does not count', async () => {
    const { client } = await t.member();
    const { checkin } = await (await checkIn(client)).json();
    const add = (json: object) =>
      client.request(`/api/checkins/${checkin.id}/updates`, { method: 'POST', json });
    for (let i = 0; i < UPDATES_PER_HOUR; i++) {
      const { update } = await (await add({ mediaCount: 1 })).json();
      // Every upload failed: the client gives the empty update back.
      const res = await client.request(`/api/updates/${update.id}`, { method: 'DELETE' });
      expect(res.status).toBe(200);
    }
    expect((await add({ body: 'Still allowed' })).status).toBe(201);
    const { update: withText } = await (await add({ body: 'Keep me' })).json();
    const refused = await client.request(`/api/updates/${withText.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(404);
    const other = await t.member();
    const { update: pending } = await (await add({ mediaCount: 1 })).json();
    const notTheirs = await other.client.request(`/api/updates/${pending.id}`, {
      method: 'DELETE',
    });
    expect(notTheirs.status).toBe(404);
  });
});
