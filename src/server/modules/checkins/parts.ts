/** The steps the check-in services share (not service entry points: no authorization here). */
import { and, asc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { CHECKIN_EDIT_WINDOW_MINUTES, PENDING_UPDATE_GRACE_MINUTES } from '@shared/constants';
import type { CheckinView } from '@shared/api-types';
import { checkinEditableUntil, isCheckinEditable } from '@shared/domain/checkin';
import { msg } from '@shared/messages';
import { preparedPer, type DbOrTx } from '../../db/client';
import {
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  crews,
  postMedia,
  posts,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { mediaView } from '../../queries/media-urls';
import { activitySourceOf } from '../../queries/connection-activity';
import { audienceView } from '../../queries/audience';

export const journalOrNull = (journalMd: string) => (journalMd.trim() ? journalMd : null);

/** A check-in with its post's id and audience (the crew's name for a crew post). */
function checkinWithPost(db: DbOrTx) {
  return db
    .select({
      checkin: checkins,
      postId: posts.id,
      visibility: posts.visibility,
      crewId: posts.crewId,
      crewName: crews.name,
    })
    .from(checkins)
    .leftJoin(posts, eq(posts.checkinId, checkins.id))
    .leftJoin(crews, eq(crews.id, posts.crewId));
}

/** The member's own check-in (optionally locked until the transaction ends), with its post's id. */
export async function ownCheckin(
  db: DbOrTx,
  userId: string,
  checkinId: string,
  options: { lock?: boolean } = {},
) {
  const query = checkinWithPost(db)
    .where(and(eq(checkins.id, checkinId), eq(checkins.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: checkins }) : await query;
  // Someone else's check-in looks exactly like a missing one.
  if (!row) throw new AppError('not_found', msg.notFound);
  return row;
}

/** The one 15-minute rule (isCheckinEditable), for check-ins and updates alike. */
export function assertEditable(createdAt: Date, now: Date) {
  if (!isCheckinEditable(createdAt, now))
    throw new AppError('forbidden', msg.checkinEditWindowClosed);
}

/**
 * Deletes the member's updates that never got text or a file once nothing can land on them any
 * more: their 15-minute upload window closed, plus a grace for an upload still streaming. They were
 * never shown (see loadCheckinView and the feed SQL); this keeps them from piling up.
 */
export async function removeAbandonedUpdates(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await abandonedUpdatesDelete(db).execute({ userId, cutoff: abandonedCutoff(now) });
}

/** Updates created before this instant without text or a file are abandoned (removeAbandonedUpdates). */
export const abandonedCutoff = (now: Date) =>
  new Date(now.getTime() - (CHECKIN_EDIT_WINDOW_MINUTES + PENDING_UPDATE_GRACE_MINUTES) * 60_000);

/**
 * removeAbandonedUpdates' delete, its member and cutoff as the placeholders `userId` and `cutoff`:
 * createCheckin runs it inside the statement that writes the post (decision 0128).
 */
export function abandonedUpdatesDeleteQuery(db: DbOrTx) {
  return db.delete(checkinUpdates).where(
    and(
      eq(checkinUpdates.userId, sql.placeholder('userId')),
      isNull(checkinUpdates.body),
      lt(checkinUpdates.createdAt, sql.placeholder('cutoff')),
      notExists(
        db
          .select({ one: sql`1` })
          .from(checkinUpdateMedia)
          .where(eq(checkinUpdateMedia.updateId, checkinUpdates.id)),
      ),
    ),
  );
}

/** Prepared once per connection (decision 0123). */
const abandonedUpdatesDelete = preparedPer((db: DbOrTx) =>
  abandonedUpdatesDeleteQuery(db).prepare('abandoned_updates_delete'),
);

export async function loadCheckinView(
  db: DbOrTx,
  checkinId: string,
  now: Date,
): Promise<CheckinView | null> {
  const [row] = await checkinWithPost(db).where(eq(checkins.id, checkinId)).limit(1);
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
  return checkinView(row, { media, updates, updateMedia }, now);
}

type CheckinWithPost = Awaited<ReturnType<typeof checkinWithPost>>[number];

/**
 * A check-in as the member sees it, from its rows: what loadCheckinView reads, or what a new
 * check-in just wrote (no files and no updates yet).
 */
export function checkinView(
  row: CheckinWithPost,
  parts: {
    media: (typeof postMedia.$inferSelect)[];
    updates: (typeof checkinUpdates.$inferSelect)[];
    updateMedia: (typeof checkinUpdateMedia.$inferSelect)[];
  },
  now: Date,
): CheckinView {
  const { checkin, postId } = row;
  const { media, updates, updateMedia } = parts;
  const audience = postId
    ? audienceView({ visibility: row.visibility, crew_id: row.crewId, crew_name: row.crewName })
    : null;
  return {
    id: checkin.id,
    cycleId: checkin.cycleId,
    postId,
    audience,
    dayNumber: checkin.dayNumber,
    localDate: checkin.localDate,
    movedMinutes: checkin.movedMinutes,
    steps: checkin.steps,
    proteinTargetHit: checkin.proteinTargetHit,
    hydrationGoalHit: checkin.hydrationGoalHit,
    journalMd: checkin.journalMd ?? '',
    activitySource: activitySourceOf(checkin),
    createdAt: checkin.createdAt.toISOString(),
    editableUntil: checkinEditableUntil(checkin.createdAt).toISOString(),
    editable: isCheckinEditable(checkin.createdAt, now),
    media: media.map(mediaView),
    updates: updates
      .map((u) => ({
        id: u.id,
        body: u.body,
        createdAt: u.createdAt.toISOString(),
        media: updateMedia.filter((m) => m.updateId === u.id).map(mediaView),
      }))
      // An update waiting for its first file is not shown (see createUpdate).
      .filter((u) => u.body || u.media.length > 0),
  };
}
