import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHECKIN_EDIT_WINDOW_MINUTES } from '@shared/constants';
import { addDays } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { checkins, postMedia, posts, userSettings } from '../../db/schema';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { startCycleOn } from '../../testing/cycles';
import { setUpTestApp } from '../../testing/test-app';
import { shareWeek } from './service';

// A progress photo added after its check-in's edit window is never proof others see (decision 0109,
// threat #99): not by unmarking it, and not by picking it for a shared week (threat #116).

const t = setUpTestApp();
const START = '2026-03-02';
const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000);

/** A week of check-ins made at 20:00Z each day; Day 3's post has a photo added `lateBy` minutes after it. */
async function weekWithPhotoAddedAfter(lateBy: number) {
  const m = await t.member({ timeZone: 'UTC' });
  const db = t.database.db;
  await db
    .update(userSettings)
    .set({ timezone: 'UTC', pendingTimezone: null, pendingTimezoneFrom: null })
    .where(eq(userSettings.userId, m.userId));
  const cycle = await startCycleOn(db, m.userId, START);
  let photoId = '';
  for (let day = 1; day <= 7; day++) {
    const localDate = addDays(START, day - 1);
    const createdAt = new Date(`${localDate}T20:00:00Z`);
    const [checkin] = await db
      .insert(checkins)
      .values({ cycleId: cycle.id, userId: m.userId, dayNumber: day, localDate, createdAt })
      .returning();
    const [post] = await db
      .insert(posts)
      .values({ checkinId: checkin.id, userId: m.userId, visibility: 'private', createdAt })
      .returning();
    if (day !== 3) continue;
    const [media] = await db
      .insert(postMedia)
      .values({
        postId: post.id,
        storagePath: `u/${m.userId}/day3.webp`,
        mediaType: 'image',
        mimeType: 'image/webp',
        sortIndex: 0,
        progressPose: 'front',
        createdAt: minutes(createdAt.toISOString(), lateBy),
      })
      .returning();
    photoId = media.id;
  }
  await refreshCycleStats(db, [cycle.id]);
  const ctx = await t.contextFor(m.userId, { now: new Date('2026-03-10T12:00:00Z') });
  const share = () =>
    shareWeek(ctx, { cycle: cycle.id, week: 1, audience: 'community', photoIds: [photoId] });
  return { share };
}

describe('sharing a week with a progress photo', () => {
  it('added after its check-in could change: refused (403), nothing shared', async () => {
    const { share } = await weekWithPhotoAddedAfter(CHECKIN_EDIT_WINDOW_MINUTES + 60);
    await expect(share()).rejects.toMatchObject({
      code: 'forbidden',
      message: msg.progressPhotoStaysPrivate,
    });
    const shared = await t.database.db.select().from(posts).where(eq(posts.visibility, 'public'));
    expect(shared).toEqual([]);
  });

  it('added while its check-in could still change: shared, the member chose to', async () => {
    const { share } = await weekWithPhotoAddedAfter(CHECKIN_EDIT_WINDOW_MINUTES - 5);
    await expect(share()).resolves.toMatchObject({ visibility: 'public' });
  });
});
