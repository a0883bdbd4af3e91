import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MAX_MEDIA_PER_CHECKIN,
  MAX_MEDIA_PER_UPDATE,
  CHECKIN_EDIT_WINDOW_MINUTES,
} from '@shared/constants';
import { checkinEditableUntil, isCheckinEditable, postCaption } from '@shared/domain/checkin';
import type { CheckinData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { checkinUpdateMedia, checkinUpdates, checkins, postMedia, posts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { activeCycle, type CycleView } from '../cycles/service';
import { refreshCycleStats } from '../cycles/stats';
import { invalidateFeed } from '../feed/cache';
import { awardStreakBadge, type AwardedBadge } from '../badges/service';
import { mediaView, type MediaView } from '../media/urls';
import type { CheckinView } from '@shared/api-types';

async function loadCheckinView(
  db: DbOrTx,
  checkinId: string,
  now: Date,
): Promise<CheckinView | null> {
  const [row] = await db
    .select({ checkin: checkins, postId: posts.id })
    .from(checkins)
    .leftJoin(posts, eq(posts.checkinId, checkins.id))
    .where(eq(checkins.id, checkinId))
    .limit(1);
  if (!row) return null;
  const { checkin, postId } = row;
  const [media, updates] = await Promise.all([
    postId
      ? db
          .select()
          .from(postMedia)
          .where(eq(postMedia.postId, postId))
          .orderBy(asc(postMedia.sortIndex))
      : Promise.resolve([]),
    db
      .select()
      .from(checkinUpdates)
      .where(eq(checkinUpdates.checkinId, checkin.id))
      .orderBy(asc(checkinUpdates.createdAt)),
  ]);
  const updateMedia = updates.length
    ? await db
        .select()
        .from(checkinUpdateMedia)
        .where(
          inArray(
            checkinUpdateMedia.updateId,
            updates.map((u) => u.id),
          ),
        )
        .orderBy(asc(checkinUpdateMedia.sortIndex))
    : [];
  return {
    id: checkin.id,
    cycleId: checkin.cycleId,
    postId,
    dayNumber: checkin.dayNumber,
    localDate: checkin.localDate,
    movedMinutes: checkin.movedMinutes,
    steps: checkin.steps,
    proteinTargetHit: checkin.proteinTargetHit,
    hydrationGoalHit: checkin.hydrationGoalHit,
    journalMd: checkin.journalMd ?? '',
    createdAt: checkin.createdAt.toISOString(),
    editableUntil: checkinEditableUntil(checkin.createdAt).toISOString(),
    editable: isCheckinEditable(checkin.createdAt, now),
    media: media.map(mediaView),
    updates: updates.map((u) => ({
      id: u.id,
      body: u.body,
      createdAt: u.createdAt.toISOString(),
      media: updateMedia.filter((m) => m.updateId === u.id).map(mediaView),
    })),
  };
}

/** The home screen: the active cycle (made if needed) and today's check-in, if done. */
export async function today(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ cycle: CycleView; checkin: CheckinView | null }> {
  const cycle = await activeCycle(db, userId, now);
  const [row] = await db
    .select({ id: checkins.id })
    .from(checkins)
    // By local date, not cycle day: after Start New Cycle, today's check-in still counts for today.
    .where(and(eq(checkins.userId, userId), eq(checkins.localDate, cycle.today)))
    .limit(1);
  return { cycle, checkin: row ? await loadCheckinView(db, row.id, now) : null };
}

/**
 * Today's check-in and its post, in one transaction: both or neither. The database allows one
 * check-in per cycle day and per local date, so a double-click or 20 racing requests make exactly one.
 */
export async function createCheckin(
  db: DbOrTx,
  userId: string,
  input: CheckinData,
  now = new Date(),
) {
  const result = await db.transaction(async (tx) => {
    const cycle = await activeCycle(tx, userId, now);
    const [checkin] = await tx
      .insert(checkins)
      .values({
        cycleId: cycle.id,
        userId,
        dayNumber: cycle.day,
        localDate: cycle.today,
        movedMinutes: input.movedMinutes,
        steps: input.steps,
        proteinTargetHit: input.proteinTargetHit,
        hydrationGoalHit: input.hydrationGoalHit,
        journalMd: input.journalMd.trim() ? input.journalMd : null,
        mediaUrl: null,
        createdAt: now,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: checkins.id, dayNumber: checkins.dayNumber });
    if (!checkin) throw new AppError('conflict', msg.alreadyCheckedInToday);
    await tx.insert(posts).values({
      checkinId: checkin.id,
      userId,
      caption: postCaption(input.journalMd),
      visibility: 'public',
      createdAt: now,
    });
    await refreshCycleStats(tx, [cycle.id]);
    const badge = await awardStreakBadge(tx, {
      userId,
      cycleId: cycle.id,
      dayNumber: checkin.dayNumber,
    });
    return { checkinId: checkin.id, badge };
  });
  invalidateFeed(db);
  const view = await loadCheckinView(db, result.checkinId, now);
  return { checkin: view!, badge: result.badge as AwardedBadge | null };
}

async function ownCheckin(db: DbOrTx, userId: string, checkinId: string) {
  const [row] = await db
    .select({ checkin: checkins, postId: posts.id })
    .from(checkins)
    .leftJoin(posts, eq(posts.checkinId, checkins.id))
    .where(and(eq(checkins.id, checkinId), eq(checkins.userId, userId)))
    .limit(1);
  // Someone else's check-in looks exactly like a missing one.
  if (!row) throw new AppError('not_found', msg.notFound);
  return row;
}

function assertEditable(createdAt: Date, now: Date) {
  if (!isCheckinEditable(createdAt, now))
    throw new AppError('forbidden', msg.checkinEditWindowClosed);
}

/** Edits within 15 minutes of creation; the post's caption follows the journal. */
export async function editCheckin(
  db: DbOrTx,
  userId: string,
  checkinId: string,
  input: CheckinData,
  now = new Date(),
) {
  const { checkin } = await ownCheckin(db, userId, checkinId);
  assertEditable(checkin.createdAt, now);
  await db.transaction(async (tx) => {
    await tx
      .update(checkins)
      .set({
        movedMinutes: input.movedMinutes,
        steps: input.steps,
        proteinTargetHit: input.proteinTargetHit,
        hydrationGoalHit: input.hydrationGoalHit,
        journalMd: input.journalMd.trim() ? input.journalMd : null,
        updatedAt: now,
      })
      .where(eq(checkins.id, checkinId));
    await tx
      .update(posts)
      .set({ caption: postCaption(input.journalMd) })
      .where(eq(posts.checkinId, checkinId));
    await refreshCycleStats(tx, [checkin.cycleId]);
  });
  invalidateFeed(db);
  return (await loadCheckinView(db, checkinId, now))!;
}

export interface StoredMedia {
  key: string;
  mediaType: 'image' | 'video';
  mimeType: string;
}

/** Checks a media upload may go to this check-in before any bytes are stored. */
export async function assertCanAddCheckinMedia(
  db: DbOrTx,
  userId: string,
  checkinId: string,
  now = new Date(),
) {
  const row = await ownCheckin(db, userId, checkinId);
  assertEditable(row.checkin.createdAt, now);
  if (!row.postId) throw new AppError('not_found', msg.notFound);
  return { postId: row.postId };
}

/**
 * Records one uploaded file at the position the member chose. The parent row (post or update) is
 * locked so parallel uploads cannot pass the limit together; a taken position is a conflict.
 */
async function addMediaInOrder(
  db: DbOrTx,
  parent: { lock: SQL; count: (tx: Tx) => Promise<number>; max: number; tooMany: string },
  insert: (tx: Tx) => Promise<Parameters<typeof mediaView>[0] | undefined>,
) {
  return db
    .transaction(async (tx) => {
      await tx.execute(parent.lock);
      if ((await parent.count(tx)) >= parent.max)
        throw new AppError('validation_failed', parent.tooMany);
      const row = await insert(tx);
      if (!row) throw new AppError('conflict', msg.mediaPositionTaken);
      return mediaView(row);
    })
    .finally(() => invalidateFeed(db));
}

const countRows = async (tx: Tx, query: SQL) => Number((await queryRows(tx, query))[0].n);

export function addCheckinMedia(db: DbOrTx, postId: string, sortIndex: number, media: StoredMedia) {
  return addMediaInOrder(
    db,
    {
      lock: sql`select 1 from ${posts} where ${posts.id} = ${postId} for update`,
      count: (tx) =>
        countRows(
          tx,
          sql`select count(*)::int as n from ${postMedia} where ${postMedia.postId} = ${postId}`,
        ),
      max: MAX_MEDIA_PER_CHECKIN,
      tooMany: msg.tooManyCheckinMedia,
    },
    async (tx) =>
      (
        await tx
          .insert(postMedia)
          .values({
            postId,
            storagePath: media.key,
            mediaType: media.mediaType,
            mimeType: media.mimeType,
            sortIndex,
          })
          .onConflictDoNothing()
          .returning()
      )[0],
  );
}

/** An update on the member's own check-in: text, or media to follow (declared up front). */
export async function createUpdate(
  db: DbOrTx,
  userId: string,
  checkinId: string,
  input: { body?: string; mediaCount: number },
  now = new Date(),
) {
  await ownCheckin(db, userId, checkinId);
  if (!input.body && input.mediaCount === 0)
    throw new AppError('validation_failed', msg.addTextOrMedia);
  if (input.mediaCount > MAX_MEDIA_PER_UPDATE)
    throw new AppError('validation_failed', msg.tooManyUpdateMedia);
  const [row] = await db
    .insert(checkinUpdates)
    .values({ checkinId, userId, body: input.body ?? null, createdAt: now })
    .returning();
  invalidateFeed(db);
  return {
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    media: [] as MediaView[],
  };
}

export async function assertCanAddUpdateMedia(
  db: DbOrTx,
  userId: string,
  updateId: string,
  now = new Date(),
) {
  const [row] = await db
    .select()
    .from(checkinUpdates)
    .where(and(eq(checkinUpdates.id, updateId), eq(checkinUpdates.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found', msg.notFound);
  if (now.getTime() - row.createdAt.getTime() > CHECKIN_EDIT_WINDOW_MINUTES * 60_000) {
    throw new AppError('forbidden', msg.checkinEditWindowClosed);
  }
}

export function addUpdateMedia(
  db: DbOrTx,
  updateId: string,
  sortIndex: number,
  media: StoredMedia,
) {
  return addMediaInOrder(
    db,
    {
      lock: sql`select 1 from ${checkinUpdates} where ${checkinUpdates.id} = ${updateId} for update`,
      count: (tx) =>
        countRows(
          tx,
          sql`select count(*)::int as n from ${checkinUpdateMedia} where ${checkinUpdateMedia.updateId} = ${updateId}`,
        ),
      max: MAX_MEDIA_PER_UPDATE,
      tooMany: msg.tooManyUpdateMedia,
    },
    async (tx) =>
      (
        await tx
          .insert(checkinUpdateMedia)
          .values({
            updateId,
            storagePath: media.key,
            mediaType: media.mediaType,
            mimeType: media.mimeType,
            sortIndex,
          })
          .onConflictDoNothing()
          .returning()
      )[0],
  );
}
