import { sql } from 'drizzle-orm';
import { MEDIA_STORAGE_QUOTA_BYTES } from '@shared/constants';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../../db/client';
import { checkinUpdateMedia, checkinUpdates, checkins, postMedia, posts } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

/**
 * Bytes of proof media the member has stored (files and thumbnails, as ingest reported them): their
 * posts' media and their updates' media. An update is found through its check-in, which is the
 * member's own (checkins_user_idx), and must be theirs too (checkin_updates.user_id).
 */
export async function storageUsed(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`
      select (
        coalesce((
          select sum(${postMedia.sizeBytes})
            from ${postMedia} join ${posts} on ${posts.id} = ${postMedia.postId}
           where ${posts.userId} = ${userId}
        ), 0)
        + coalesce((
          select sum(${checkinUpdateMedia.sizeBytes})
            from ${checkinUpdateMedia}
            join ${checkinUpdates} on ${checkinUpdates.id} = ${checkinUpdateMedia.updateId}
            join ${checkins} on ${checkins.id} = ${checkinUpdates.checkinId}
           where ${checkins.userId} = ${userId} and ${checkinUpdates.userId} = ${userId}
        ), 0)
      )::bigint as used
    `,
  );
  return Number(row?.used ?? 0);
}

/**
 * Refuses (413) an upload of `incomingBytes` that would take the member past their storage quota
 * (MEDIA_STORAGE_QUOTA_BYTES). A size that is not a positive number counts as nothing incoming, so
 * a member already past the quota is still refused.
 */
export async function assertStorageQuota(
  ctx: ServiceContext,
  incomingBytes: number,
): Promise<void> {
  const member = requireMember(ctx);
  const used = await storageUsed(ctx.db, member.userId);
  const incoming = Number.isFinite(incomingBytes) && incomingBytes > 0 ? incomingBytes : 0;
  if (used + incoming > MEDIA_STORAGE_QUOTA_BYTES) {
    throw new AppError('payload_too_large', msg.storageQuotaReached, {
      quotaBytes: MEDIA_STORAGE_QUOTA_BYTES,
      usedBytes: used,
    });
  }
}
