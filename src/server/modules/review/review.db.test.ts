import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { addDays, localDateIn } from '@shared/domain/local-date';
import type { WeeklyReviewResponse } from '@shared/api-types';
import {
  badges,
  checkins,
  cycles,
  postMedia,
  posts,
  profiles,
  userBadges,
  userSettings,
  weightHistory,
} from '../../db/schema';
import { queryRows } from '../../db/client';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { databaseLabel } from '../../testing/test-database';
import { setUpTestApp } from '../../testing/test-app';
import { getNewestReview, getReview, listReviewWeeks, shareWeek } from './service';
import { reviewReadsQuery } from '../../queries/review';
import { startCycleOn } from '../../testing/cycles';

// The weekly review, read from check-ins seeded straight into the database, on a fixed clock.

const t = setUpTestApp();

interface SeedDay {
  day: number;
  minutes?: number;
  steps?: number;
  protein?: boolean;
  hydration?: boolean;
  journal?: string;
  photos?: number;
  visibility?: 'public' | 'private';
}

/** A member in `timezone` whose active cycle started `startDate`, with the given check-ins. */
async function seed(input: { timezone: string; startDate: string; days: SeedDay[] }) {
  const m = await t.member({ timeZone: input.timezone });
  const db = t.database.db;
  await db
    .update(userSettings)
    .set({ timezone: input.timezone, pendingTimezone: null, pendingTimezoneFrom: null })
    .where(eq(userSettings.userId, m.userId));
  const cycle = await startCycleOn(db, m.userId, input.startDate);
  const photoIds: Record<number, string[]> = {};
  for (const d of input.days) {
    const [checkin] = await db
      .insert(checkins)
      .values({
        cycleId: cycle.id,
        userId: m.userId,
        dayNumber: d.day,
        localDate: addDays(input.startDate, d.day - 1),
        movedMinutes: d.minutes ?? 30,
        steps: d.steps ?? 5000,
        proteinTargetHit: d.protein ?? false,
        hydrationGoalHit: d.hydration ?? false,
        journalMd: d.journal ?? null,
      })
      .returning();
    const [post] = await db
      .insert(posts)
      .values({
        checkinId: checkin.id,
        userId: m.userId,
        visibility: d.visibility ?? 'public',
      })
      .returning();
    for (let i = 0; i < (d.photos ?? 0); i++) {
      const key = `u/${m.userId}/day${d.day}-${i}.webp`;
      await t.deps.storage.put(key, Buffer.from(`photo of day ${d.day}`), {
        contentType: 'image/webp',
      });
      const [media] = await db
        .insert(postMedia)
        .values({
          postId: post.id,
          storagePath: key,
          mediaType: 'image',
          mimeType: 'image/webp',
          sortIndex: i,
        })
        .returning();
      (photoIds[d.day] ??= []).push(media.id);
    }
  }
  await refreshCycleStats(db, [cycle.id]);
  return { ...m, cycleId: cycle.id, photoIds };
}

const at = (userId: string, iso: string) => t.contextFor(userId, { now: new Date(iso) });

describe(`weekly review boundaries (${databaseLabel})`, () => {
  it('opens at the member’s midnight after the week’s last day, across a daylight-saving change', async () => {
    // New York springs forward on 8 March 2026 (day 7): midnight of 9 March is 04:00Z, not 05:00Z.
    const m = await seed({
      timezone: 'America/New_York',
      startDate: '2026-03-02',
      days: [1, 2, 3, 5, 6, 7].map((day) => ({ day })),
    });
    const before = await getNewestReview(await at(m.userId, '2026-03-09T03:59:00Z'));
    expect(before.review).toBeNull();
    await expect(
      getReview(await at(m.userId, '2026-03-09T03:59:00Z'), { cycle: m.cycleId, week: 1 }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const after = await getNewestReview(await at(m.userId, '2026-03-09T04:00:00Z'));
    expect(after.review).toMatchObject({ cycleNumber: 1, week: 1, firstDate: '2026-03-02' });
    expect(after.review!.lastDate).toBe('2026-03-08');
    // Day 4 missed and day 5 checked in: forgiven (a grace day, still a miss in consistency), so
    // the streak counts the six check-ins (issue 43).
    expect(after.review!.days.map((d) => d.status)).toEqual([
      'done',
      'done',
      'done',
      'grace',
      'done',
      'done',
      'done',
    ]);
    expect(after.review!.currentStreak).toBe(6);
    expect(after.review!.bestStreak).toBe(6);
    expect(after.review!.consistency).toBe(86);
    // In strict mode the miss restarts the streak, as before.
    await t.database.db.update(cycles).set({ mode: 'strict' }).where(eq(cycles.id, m.cycleId));
    const strict = await getNewestReview(await at(m.userId, '2026-03-09T04:00:00Z'));
    expect(strict.review!.days.map((d) => d.status)[3]).toBe('missed');
    expect(strict.review).toMatchObject({ currentStreak: 3, bestStreak: 3, consistency: 86 });
  });

  it('follows a member who moved from Tokyo to Honolulu mid-week: the week ends at Honolulu’s midnight', async () => {
    const m = await seed({
      timezone: 'Asia/Tokyo',
      startDate: '2026-06-01',
      days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, minutes: day * 10 })),
    });
    // Day 4 they land in Honolulu (the pending zone took over on the same date, decision 0016).
    await t.database.db
      .update(userSettings)
      .set({ timezone: 'Pacific/Honolulu' })
      .where(eq(userSettings.userId, m.userId));
    // 8 June 09:59Z: already 8 June in Tokyo, still 7 June (day 7) in Honolulu.
    expect((await getNewestReview(await at(m.userId, '2026-06-08T09:59:00Z'))).review).toBeNull();
    const { review } = await getNewestReview(await at(m.userId, '2026-06-08T10:00:00Z'));
    expect(review!.week).toBe(1);
    expect(review!.days.every((d) => d.status === 'done')).toBe(true);
    expect(review!.movedMinutes.value).toBe(280);
    expect(review!.currentStreak).toBe(7);
  });

  it('leaves out the day before Day 1 (the previous cycle’s) and everything after day 90', async () => {
    const m = await seed({
      timezone: 'Europe/Berlin',
      startDate: '2026-01-05',
      days: [
        // Proof photos on days 2 and 40 only: none in the last six days.
        ...Array.from({ length: 84 }, (_, i) => ({
          day: i + 1,
          minutes: 10,
          photos: i + 1 === 2 || i + 1 === 40 ? 1 : 0,
        })),
        { day: 85, minutes: 100 },
        { day: 90, minutes: 50, protein: true },
      ],
    });
    const db = t.database.db;
    // The previous cycle ended with a check-in the day before this one's Day 1.
    const [old] = await db
      .insert(cycles)
      .values({
        userId: m.userId,
        startDate: '2025-10-07',
        isActive: false,
        endedAt: new Date('2026-01-04T12:00:00Z'),
      })
      .returning();
    await db.insert(checkins).values({
      cycleId: old.id,
      userId: m.userId,
      dayNumber: 90,
      localDate: '2026-01-04',
      movedMinutes: 999,
    });
    // Day 101: the cycle closed on day 90.
    const ctx = await at(m.userId, '2026-04-15T12:00:00Z');
    const { review } = await getNewestReview(ctx);
    expect(review).toMatchObject({ cycleNumber: 2, week: 13, final: true, firstDay: 85 });
    expect(review!.lastDay).toBe(90);
    expect(review!.days.map((d) => d.day)).toEqual([85, 86, 87, 88, 89, 90]);
    // The final review covers the whole cycle: 90 days, totals, no week before.
    expect(review!.calendar).toHaveLength(90);
    expect(review!.calendar!.filter((d) => d.status === 'done')).toHaveLength(86);
    expect(review!.movedMinutes).toEqual({ value: 840 + 150, previous: null, change: null });
    expect(review!.checkins.value).toBe(86);
    expect(review!.proteinDays.value).toBe(1);
    expect(review!.bestStreak).toBe(85);
    expect(review!.currentStreak).toBe(1);
    expect(review!.milestones).toEqual([90]);
    // Then and now across the 90 days: the cycle's first photo beside its newest, though the last
    // six days have none of their own.
    expect(review!.photos).toEqual([]);
    expect(review!.thenAndNow).toMatchObject({
      then: { day: 2, media: { id: m.photoIds[2][0] } },
      now: { day: 40, media: { id: m.photoIds[40][0] } },
    });

    const week1 = (await getReview(ctx, { cycle: m.cycleId, week: 1 })).review!;
    expect(week1.movedMinutes.value).toBe(70);
    expect(week1.firstDate).toBe('2026-01-05');
    // The previous cycle's week 1 is its own (cycle 1), and it did not count here.
    const past = (await getReview(ctx, { cycle: old.id, week: 13 })).review!;
    expect(past.checkins.value).toBe(1);
    expect(past.movedMinutes.value).toBe(999);
    const weeks = await listReviewWeeks(ctx);
    expect(weeks.cycles.map((c) => c.cycleNumber)).toEqual([2, 1]);
    expect(weeks.cycles[0].weeks.every((w) => w.open)).toBe(true);
  });
});

describe(`what a weekly review shows (${databaseLabel})`, () => {
  it('compares each number with the week before, lists journal lines, photos and then-and-now', async () => {
    const m = await seed({
      timezone: 'America/Denver',
      startDate: '2026-08-03',
      days: [
        { day: 1, minutes: 20, steps: 4000, protein: true, photos: 1 },
        { day: 2, minutes: 20, steps: 4000 },
        {
          day: 8,
          minutes: 45,
          steps: 9000,
          protein: true,
          hydration: true,
          journal: '# Felt strong\nmore',
        },
        { day: 9, minutes: 15, steps: 1000, hydration: true, photos: 2 },
        { day: 10, minutes: 30, steps: 2500, journal: '\n- short run' },
      ],
    });
    const ctx = await at(m.userId, '2026-08-17T15:00:00Z');
    const { review } = await getReview(ctx, { cycle: m.cycleId, week: 2 });
    expect(review!.movedMinutes).toEqual({ value: 90, previous: 40, change: 50 });
    expect(review!.steps).toEqual({ value: 12500, previous: 8000, change: 4500 });
    expect(review!.proteinDays).toEqual({ value: 1, previous: 1, change: 0 });
    expect(review!.hydrationDays).toEqual({ value: 2, previous: 0, change: 2 });
    expect(review!.checkins).toEqual({ value: 3, previous: 2, change: 1 });
    expect(review!.days.map((d) => d.journalLine)).toEqual([
      'Felt strong',
      null,
      'short run',
      null,
      null,
      null,
      null,
    ]);
    expect(review!.photos.map((p) => p.day)).toEqual([9, 9]);
    expect(review!.photos[0].media.url).toBe(`/api/media/u/${m.userId}/day9-0.webp`);
    expect(review!.thenAndNow!.then.day).toBe(1);
    expect(review!.thenAndNow!.now).toMatchObject({ day: 9, media: { id: m.photoIds[9][1] } });
    expect(review!.nextWeek).toBeNull();
    expect(review!.previousWeek).toBe(1);
  });

  it('shows a week with no check-ins as seven missed days, zeros and no photos', async () => {
    const m = await seed({
      timezone: 'Asia/Tokyo',
      startDate: '2026-08-03',
      days: [{ day: 1, photos: 1 }, { day: 15 }],
    });
    const ctx = await at(m.userId, '2026-08-25T00:00:00Z');
    const { review } = await getReview(ctx, { cycle: m.cycleId, week: 2 });
    expect(review!.days.every((d) => d.status === 'missed')).toBe(true);
    expect(review!.movedMinutes).toEqual({ value: 0, previous: 30, change: -30 });
    expect(review!.currentStreak).toBe(0);
    expect(review!.photos).toEqual([]);
    // Photos earlier in the cycle but none this week: then-and-now is left out.
    expect(review!.thenAndNow).toBeNull();
  });

  it('lists the badges awarded during the week and the milestone reached', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: '2026-08-03',
      days: Array.from({ length: 7 }, (_, i) => ({ day: i + 1 })),
    });
    const db = t.database.db;
    await db.insert(badges).values({ code: 'starter_7', name: 'Starter' }).onConflictDoNothing();
    const [badge] = await db.select().from(badges).where(eq(badges.code, 'starter_7'));
    await db.insert(userBadges).values({
      userId: m.userId,
      badgeId: badge.id,
      awardedAt: new Date('2026-08-09T18:00:00Z'),
    });
    const { review } = await getReview(await at(m.userId, '2026-08-12T00:00:00Z'), {
      cycle: m.cycleId,
      week: 1,
    });
    expect(review!.milestones).toEqual([7]);
    expect(review!.badges).toEqual([{ code: 'starter_7', name: 'Starter', emoji: '🔥' }]);
    const week2 = await getReview(await at(m.userId, '2026-08-20T00:00:00Z'), {
      cycle: m.cycleId,
      week: 2,
    });
    expect(week2.review!.badges).toEqual([]);
  });

  it('gives the week’s weight change from the weights saved in it, in the member’s units', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: '2026-08-03',
      days: Array.from({ length: 14 }, (_, i) => ({ day: i + 1 })),
    });
    const db = t.database.db;
    await db.insert(weightHistory).values([
      { userId: m.userId, weightKg: 80, recordedAt: new Date('2026-08-01T12:00:00Z') },
      { userId: m.userId, weightKg: 78.5, recordedAt: new Date('2026-08-06T12:00:00Z') },
      // The first instant of day 8: week 2's, not week 1's.
      { userId: m.userId, weightKg: 79, recordedAt: new Date('2026-08-10T00:00:00Z') },
    ]);
    const now = '2026-08-20T00:00:00Z';
    const week = async (n: number) =>
      (await getReview(await at(m.userId, now), { cycle: m.cycleId, week: n })).review!;
    await db.update(profiles).set({ unitPref: 'imperial' }).where(eq(profiles.id, m.userId));
    expect(await week(1)).toMatchObject({ weightChangeKg: -1.5, unitPref: 'imperial' });
    expect((await week(2)).weightChangeKg).toBe(0.5);
    await db.update(profiles).set({ unitPref: 'metric' }).where(eq(profiles.id, m.userId));
    expect((await week(1)).unitPref).toBe('metric');
    // No weight saved in the week: no change to show.
    await db.delete(weightHistory).where(eq(weightHistory.weightKg, 79));
    expect((await week(2)).weightChangeKg).toBeNull();
  });

  it('answers reviews asked at the same moment (one batch) each as it would alone', async () => {
    // Three members in three zones, each with their own week: read alone, then all at once, twice.
    const members = await Promise.all(
      [
        { timezone: 'Pacific/Honolulu', days: [1, 2, 3], minutes: 20 },
        { timezone: 'Asia/Tokyo', days: [2, 4, 5, 6, 7], minutes: 45 },
        { timezone: 'Europe/London', days: [], minutes: 0 },
      ].map((m) =>
        seed({
          timezone: m.timezone,
          startDate: '2026-03-01',
          days: m.days.map((day) => ({ day, minutes: m.minutes, journal: `${m.timezone} ${day}` })),
        }),
      ),
    );
    const now = '2026-03-20T12:00:00Z';
    const read = async (ask: { userId: string; week: number }) =>
      getReview(await at(ask.userId, now), {
        cycle: members.find((m) => m.userId === ask.userId)!.cycleId,
        week: ask.week,
      });
    const asks = members.flatMap((m) => [1, 2].map((week) => ({ userId: m.userId, week })));
    const alone = [];
    for (const ask of asks) alone.push(await read(ask));
    const together = await Promise.all([...asks, ...asks].map(read));
    expect(together).toEqual([...alone, ...alone]);
    expect(alone.map((r) => r.review!.days.filter((d) => d.status === 'done').length)).toEqual([
      3, 0, 5, 0, 0, 0,
    ]);
  });

  it('reads one week of check-in rows by the index, however long the cycle (query plan)', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: '2026-01-01',
      days: Array.from({ length: 90 }, (_, i) => ({ day: i + 1 })),
    });
    // On a small table PostgreSQL rightly scans it all; a real one has millions of rows, so plan as
    // it would there.
    const ask = (week: number, firstDay: number, lastDay: number) => ({
      userId: m.userId,
      cycleId: m.cycleId,
      week,
      firstDay,
      lastDay,
      final: week === 13,
      from: '2026-02-12T00:00:00Z',
      to: '2026-02-19T00:00:00Z',
    });
    const plans = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: SQL) =>
        (
          await queryRows<{ 'QUERY PLAN': unknown }>(
            tx,
            sql`explain (analyze, format json) ${query}`,
          )
        )[0]['QUERY PLAN'];
      return {
        week: await explain(reviewReadsQuery([ask(7, 43, 49)])),
        final: await explain(reviewReadsQuery([ask(13, 85, 90)])),
      };
    });
    // Every node of the plan: with sequential scans off, a Seq Scan means no index can serve it.
    const nodes = (plan: unknown) => {
      const found: Array<Record<string, unknown>> = [];
      const walk = (node: Record<string, unknown>) => {
        found.push(node);
        for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) walk(child);
      };
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
        Plan: Record<string, unknown>;
      }>;
      walk(parsed[0].Plan);
      return found;
    };
    const checkinRows = (plan: unknown) =>
      nodes(plan)
        .filter((node) => node['Relation Name'] === 'checkins')
        .map((node) => Number(node['Actual Rows']));
    for (const plan of [plans.week, plans.final])
      expect(nodes(plan).filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    // The week's 7 rows, the cycle's own check-ins up to the week's end for the aggregates, and
    // the cycle's check-in dates for the streak rule (issue 43: a later check-in forgives a miss):
    // nobody else's, and never more than the cycle's 90.
    expect(checkinRows(plans.week)).toContain(7);
    expect(checkinRows(plans.week)).toContain(49);
    expect(Math.max(...checkinRows(plans.week))).toBe(90);
    // The final review reads at most the cycle's 90 rows at a time.
    expect(Math.max(...checkinRows(plans.final))).toBe(90);
  });
});

describe(`review access and sharing (${databaseLabel})`, () => {
  const today = localDateIn(new Date(), 'UTC');

  it('never shows another member’s review or private photos, and refuses their photos in a share', async () => {
    const a = await seed({
      timezone: 'UTC',
      startDate: addDays(today, -10),
      days: [{ day: 2, photos: 1, visibility: 'private', journal: 'A secret line' }],
    });
    const b = await seed({ timezone: 'UTC', startDate: addDays(today, -3), days: [] });
    const mine = (await (
      await a.client.request(`/api/review/${a.cycleId}/1`)
    ).json()) as WeeklyReviewResponse;
    expect(mine.review!.cycleNumber).toBe(1);
    expect(mine.review!.days[1].journalLine).toBe('A secret line');
    const url = mine.review!.photos[0].media.url;
    expect((await a.client.request(url)).status).toBe(200);

    // B has no open week: the same address is B's own cycle, and it is not open.
    // A's review by its address, asked by B: not found, and nothing of A's in the answer.
    const other = await b.client.request(`/api/review/${a.cycleId}/1`);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('secret');
    expect((await b.client.request(`/api/review/${b.cycleId}/1`)).status).toBe(404); // not open yet
    const newest = (await (await b.client.request('/api/review')).json()) as WeeklyReviewResponse;
    expect(newest.review).toBeNull();
    expect((await b.client.request(url)).status).toBe(404);
    // Malformed or forged addresses: refused before any read, nothing of anyone's in the answer.
    for (const week of ['0', '14', '-1', '1e9', '1.5', 'NaN', '%00', '1%00', '0x1', ''])
      for (const path of [
        `/api/review/${a.cycleId}/${week}`,
        `/api/review/${a.cycleId}/${week}/share`,
      ]) {
        const res = await b.client.request(
          path,
          path.endsWith('/share') ? { method: 'POST', json: { audience: 'community' } } : {},
        );
        expect([404, 422], `${path}`).toContain(res.status);
        expect(await res.text()).not.toContain('secret');
      }
    for (const cycle of [
      'x',
      '%00',
      `${a.cycleId}%00`,
      a.cycleId.toUpperCase().replace(/-/g, ''),
      "' or 1=1 --",
    ]) {
      const res = await a.client.request(`/api/review/${cycle}/1`);
      expect(res.status, cycle).toBe(422);
    }
    // A well-formed id that is nobody's cycle: not found, as for another member's.
    expect(
      (await a.client.request('/api/review/00000000-0000-4000-8000-000000000000/1')).status,
    ).toBe(404);
    // The owner's own weeks beyond the cycle: refused too.
    expect((await a.client.request(`/api/review/${a.cycleId}/14`)).status).toBe(422);
    expect((await a.client.request(`/api/review/${a.cycleId}/0`)).status).toBe(422);
    // One address per week: no aliases of week 1.
    for (const alias of ['01', '0x1', '1e0', '+1'])
      expect((await a.client.request(`/api/review/${a.cycleId}/${alias}`)).status, alias).toBe(422);
    expect((await a.client.request(`/api/review/${a.cycleId}/1`)).status).toBe(200);
    expect((await a.client.request(`/api/review/${a.cycleId}/2`)).status).toBe(404); // not open yet
    expect((await t.client().request('/api/review')).status).toBe(401);
    const share = await b.client.request(`/api/review/${a.cycleId}/1/share`, {
      method: 'POST',
      json: { audience: 'community', photoIds: [a.photoIds[2][0]] },
    });
    expect(share.status).toBe(404);
  });

  it('shares the numbers without photos, or with the photos picked, once per week', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: addDays(today, -8),
      days: [
        { day: 1, minutes: 25, photos: 1 },
        { day: 3, minutes: 35, photos: 1 },
      ],
    });
    const res = await m.client.request(`/api/review/${m.cycleId}/1/share`, {
      method: 'POST',
      json: { audience: 'only_me' },
    });
    expect(res.status).toBe(201);
    const { postId, visibility } = (await res.json()) as { postId: string; visibility: string };
    expect(visibility).toBe('private');
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(post.checkinId).toBeNull();
    expect(post.caption).toContain('60 move minutes');
    expect(post.caption).toContain('2/7 days');
    expect(
      await t.database.db.select().from(postMedia).where(eq(postMedia.postId, postId)),
    ).toEqual([]);
    const again = await m.client.request(`/api/review/${m.cycleId}/1/share`, {
      method: 'POST',
      json: { audience: 'community' },
    });
    expect(again.status).toBe(409);

    // Deleting the post frees the week; this time with one picked photo, to the community.
    await t.database.db.delete(posts).where(eq(posts.id, postId));
    const withPhoto = await m.client.request(`/api/review/${m.cycleId}/1/share`, {
      method: 'POST',
      json: { audience: 'community', photoIds: [m.photoIds[3][0]] },
    });
    expect(withPhoto.status).toBe(201);
    const shared = (await withPhoto.json()) as { postId: string; visibility: string };
    expect(shared.visibility).toBe('public');
    const media = await t.database.db
      .select()
      .from(postMedia)
      .where(eq(postMedia.postId, shared.postId));
    expect(media.map((r) => r.storagePath)).toEqual([`u/${m.userId}/day3-0.webp`]);
    const review = (await (
      await m.client.request(`/api/review/${m.cycleId}/1`)
    ).json()) as WeeklyReviewResponse;
    expect(review.review!.sharedPostId).toBe(shared.postId);
  });

  it('refuses a photo that is not from the week and an audience it does not know', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: addDays(today, -15),
      days: [
        { day: 1, photos: 1 },
        { day: 9, photos: 1 },
      ],
    });
    const wrongWeek = await m.client.request(`/api/review/${m.cycleId}/2/share`, {
      method: 'POST',
      json: { audience: 'community', photoIds: [m.photoIds[1][0]] },
    });
    expect(wrongWeek.status).toBe(422);
    const crew = await m.client.request(`/api/review/${m.cycleId}/2/share`, {
      method: 'POST',
      json: { audience: 'crew:abc' },
    });
    expect(crew.status).toBe(422);
    // A crew id that is not one of the member's (forged) is refused like any post's audience.
    const forged = await m.client.request(`/api/review/${m.cycleId}/2/share`, {
      method: 'POST',
      json: { audience: 'crew:00000000-0000-4000-8000-000000000000' },
    });
    expect(forged.status).toBe(422);
    expect(
      await shareWeek(await t.contextFor(m.userId), {
        cycle: m.cycleId,
        week: 2,
        audience: 'community',
        photoIds: [],
      }),
    ).toMatchObject({ visibility: 'public' });
  });

  it('shares a week with a crew the member is in: its members see it, the community feed does not', async () => {
    const m = await seed({
      timezone: 'UTC',
      startDate: addDays(today, -10),
      days: [{ day: 2, minutes: 25 }],
    });
    const crew = (await (
      await m.client.request('/api/crews', { method: 'POST', json: { name: 'Review Crew' } })
    ).json()) as { id: string };
    const res = await m.client.request(`/api/review/${m.cycleId}/1/share`, {
      method: 'POST',
      json: { audience: `crew:${crew.id}` },
    });
    expect(res.status).toBe(201);
    const { postId, visibility } = (await res.json()) as { postId: string; visibility: string };
    expect(visibility).toBe('crew');
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(post.crewId).toBe(crew.id);
    const outsider = await t.member();
    const feed = (await (await outsider.client.request('/api/feed')).json()) as {
      posts: Array<{ id: string }>;
    };
    expect(feed.posts.map((p) => p.id)).not.toContain(postId);
  });
});
