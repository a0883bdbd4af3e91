import { sql } from 'drizzle-orm';
import type { ProgressPose } from '@shared/constants';
import { queryRows, type DbOrTx } from '../db/client';

// Reads of the progress photos (issue 46): plain `(db, params)` functions, no authorization (the
// services that call them check who asks, and pass only the caller's own id).

/** An image on one of the member's check-in posts, marked as a progress photo (pose) or not. */
export interface CheckinPhotoRow {
  id: string;
  postId: string;
  storagePath: string;
  mimeType: string;
  sortIndex: number;
  pose: ProgressPose | null;
  day: number;
  date: string;
  /** When the file was added, and when its check-in was made (the edit window runs from then). */
  addedAt: Date;
  checkinCreatedAt: Date;
}

const photoColumns = sql`m.id, m.post_id as "postId", m.storage_path as "storagePath",
  m.mime_type as "mimeType", m.sort_index as "sortIndex", m.progress_pose as pose,
  k.day_number as day, k.local_date::text as date, m.created_at as "addedAt",
  k.created_at as "checkinCreatedAt"`;

/**
 * The images of the member's active cycle's check-ins, in day order, each with the weight the member
 * logged on its day (in `timeZone`; null when none): the progress photos and the proof photos one
 * may mark.
 */
export function activeCyclePhotos(
  db: DbOrTx,
  userId: string,
  timeZone: string,
): Promise<Array<CheckinPhotoRow & { weightKg: number | null }>> {
  return queryRows(
    db,
    sql`select ${photoColumns},
        (select w.weight_kg from weight_history w
          where w.user_id = k.user_id and (w.recorded_at at time zone ${timeZone})::date = k.local_date
          order by w.recorded_at desc limit 1) as "weightKg"
      from cycles c
      join checkins k on k.cycle_id = c.id
      join posts p on p.checkin_id = k.id and p.user_id = c.user_id
      join post_media m on m.post_id = p.id and m.media_type = 'image'
     where c.user_id = ${userId} and c.is_active
     order by k.day_number, m.sort_index`,
  );
}

/** One image on one of the member's own check-in posts; undefined for anyone else's or none. */
export async function ownCheckinPhoto(
  db: DbOrTx,
  userId: string,
  mediaId: string,
): Promise<CheckinPhotoRow | undefined> {
  const [row] = await queryRows<CheckinPhotoRow>(
    db,
    sql`select ${photoColumns}
      from post_media m
      join posts p on p.id = m.post_id and p.user_id = ${userId}
      join checkins k on k.id = p.checkin_id and k.user_id = ${userId}
     where m.id = ${mediaId} and m.media_type = 'image'`,
  );
  return row;
}

/**
 * The member's check-in dated `today` in their active cycle, and the first free position among its
 * post's files; null when they have not checked in today.
 */
export async function todayCheckinSlot(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<{ checkinId: string; nextIndex: number } | null> {
  const [row] = await queryRows<{ checkinId: string; nextIndex: number }>(
    db,
    sql`select k.id as "checkinId",
        coalesce((select max(m.sort_index) + 1 from post_media m where m.post_id = p.id), 0)::int
          as "nextIndex"
      from cycles c
      join checkins k on k.cycle_id = c.id and k.local_date = ${today}
      join posts p on p.checkin_id = k.id
     where c.user_id = ${userId} and c.is_active
     limit 1`,
  );
  return row ?? null;
}
