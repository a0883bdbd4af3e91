import { and, count, eq } from 'drizzle-orm';
import {
  MAX_IMAGE_BYTES,
  MAX_MEDIA_PER_CHECKIN,
  MAX_MEDIA_PER_UPDATE,
  MAX_VIDEO_BYTES,
  type ProgressPose,
} from '@shared/constants';
import type { AddMediaResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { checkinUpdateMedia, checkinUpdates, postMedia } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { claimKey, findReplay, saveAnswer, type IdempotencyRequest } from '../../lib/idempotency';
import { ingestUpload, thumbKeyFor } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploaded-file';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { assertStorageQuota } from '../media/quota';
import { mediaView } from '../../queries/media-urls';
import { assertEditable, ownCheckin } from './parts';

export type { UploadedFile };

/** A proof photo or video for the member's own check-in, at the position they chose (0-based). */
export async function addCheckinMedia(
  ctx: ServiceContext,
  input: {
    checkinId: string;
    index: number;
    file: UploadedFile;
    idempotency?: IdempotencyRequest;
    /** A progress photo (issue 46): its owner's alone, and taken whenever in the day (decision 0109). */
    progressPose?: ProgressPose;
  },
): Promise<AddMediaResponse> {
  const member = requireMember(ctx);
  const startedAt = ctx.now();
  const { checkinId, index, progressPose = null } = input;
  // A replayed upload is answered before a byte is read (decision 0023).
  const replay = await findReplay<AddMediaResponse>(ctx, member.userId, input.idempotency);
  if (replay) return replay;
  // The parent checks run twice: before any byte is stored (a refused upload costs nothing), and
  // again with the check-in locked in the transaction that records the file, so parallel uploads
  // cannot pass the limit together and a file never lands on a check-in that stopped taking them.
  const checkParent = async (db: DbOrTx, lock: boolean) => {
    const { checkin, postId } = await ownCheckin(db, member.userId, checkinId, { lock });
    // An upload that started inside the edit window may finish after it closes. A progress photo
    // proves nothing to anyone else, so it is not held to the window.
    if (!progressPose) assertEditable(checkin.createdAt, startedAt);
    if (!postId) throw new AppError('not_found', msg.notFound);
    const [{ n }] = await db
      .select({ n: count() })
      .from(postMedia)
      .where(eq(postMedia.postId, postId));
    if (n >= MAX_MEDIA_PER_CHECKIN)
      throw new AppError('validation_failed', msg.tooManyCheckinMedia);
    return postId;
  };
  const postId = await checkParent(ctx.db, false);
  await assertStorageQuota(ctx, expectedBytes(input.file));
  return storeMedia(ctx, {
    file: input.file,
    folder: `u/${member.userId}/${postId}`,
    idempotency: input.idempotency && { userId: member.userId, request: input.idempotency },
    record: async (db, stored) => {
      await checkParent(db, true);
      const [row] = await db
        .insert(postMedia)
        .values({ postId, sortIndex: index, progressPose, ...stored })
        .onConflictDoNothing()
        .returning();
      return row;
    },
  });
}

/** A photo or video for the member's own update, within 15 minutes of the update's creation. */
export async function addUpdateMedia(
  ctx: ServiceContext,
  input: { updateId: string; index: number; file: UploadedFile; idempotency?: IdempotencyRequest },
): Promise<AddMediaResponse> {
  const member = requireMember(ctx);
  const startedAt = ctx.now();
  const { updateId, index } = input;
  const replay = await findReplay<AddMediaResponse>(ctx, member.userId, input.idempotency);
  if (replay) return replay;
  const checkParent = async (db: DbOrTx, lock: boolean) => {
    const query = db
      .select({ createdAt: checkinUpdates.createdAt })
      .from(checkinUpdates)
      .where(and(eq(checkinUpdates.id, updateId), eq(checkinUpdates.userId, member.userId)))
      .limit(1);
    const [update] = lock ? await query.for('update') : await query;
    if (!update) throw new AppError('not_found', msg.notFound);
    assertEditable(update.createdAt, startedAt);
    const [{ n }] = await db
      .select({ n: count() })
      .from(checkinUpdateMedia)
      .where(eq(checkinUpdateMedia.updateId, updateId));
    if (n >= MAX_MEDIA_PER_UPDATE) throw new AppError('validation_failed', msg.tooManyUpdateMedia);
  };
  await checkParent(ctx.db, false);
  await assertStorageQuota(ctx, expectedBytes(input.file));
  return storeMedia(ctx, {
    file: input.file,
    folder: `u/${member.userId}/updates/${updateId}`,
    idempotency: input.idempotency && { userId: member.userId, request: input.idempotency },
    record: async (db, stored) => {
      await checkParent(db, true);
      const [row] = await db
        .insert(checkinUpdateMedia)
        .values({ updateId, sortIndex: index, ...stored })
        .onConflictDoNothing()
        .returning();
      return row;
    },
  });
}

type StoredFile = Pick<
  typeof postMedia.$inferInsert,
  'storagePath' | 'mediaType' | 'mimeType' | 'sizeBytes'
>;
type MediaRow = Parameters<typeof mediaView>[0];
/**
 * What an upload will add to the member's storage, for the quota check before any byte is stored:
 * the declared Content-Length, capped by the largest file ingest accepts (the type is not known
 * until the first bytes arrive); that largest file when no length was declared.
 */
function expectedBytes(file: UploadedFile): number {
  const largest = Math.max(MAX_IMAGE_BYTES, MAX_VIDEO_BYTES);
  const declared = file.declaredBytes;
  return declared !== undefined && Number.isFinite(declared) && declared >= 0
    ? Math.min(declared, largest)
    : largest;
}

/**
 * Streams one file to storage, then records it with `record` in one transaction (which re-checks
 * the parent, and the quota with the size actually stored). A file that cannot be recorded is
 * removed from storage again; a taken position is a conflict.
 */
async function storeMedia(
  ctx: ServiceContext,
  input: {
    file: UploadedFile;
    folder: string;
    record: (db: DbOrTx, stored: StoredFile) => Promise<MediaRow | undefined>;
    /** Claimed with the record: a duplicate that finished first wins, and this file is dropped. */
    idempotency?: { userId: string; request: IdempotencyRequest };
  },
): Promise<AddMediaResponse> {
  const ingested = await ingestUpload({
    storage: ctx.storage,
    source: input.file.body,
    declaredType: input.file.declaredType,
    keyPrefix: input.folder,
    kind: 'media',
    ffmpeg: ctx.config.ffmpegPath,
  });
  const discard = async () => {
    await ctx.storage.delete(ingested.key).catch(() => {});
    if (ingested.thumbKey) await ctx.storage.delete(thumbKeyFor(ingested.key)).catch(() => {});
  };
  const { idempotency } = input;
  let replayed = false;
  try {
    const answer = await withTransaction(ctx, async (ctx) => {
      if (idempotency) {
        const prior = await claimKey<AddMediaResponse>(
          ctx,
          idempotency.userId,
          idempotency.request,
        );
        if (prior) {
          replayed = true;
          return prior.replay;
        }
      }
      await assertStorageQuota(ctx, ingested.sizeBytes);
      const row = await input.record(ctx.db, {
        storagePath: ingested.key,
        mediaType: ingested.mediaType,
        mimeType: ingested.mimeType,
        sizeBytes: ingested.sizeBytes,
      });
      if (!row) throw new AppError('conflict', msg.mediaPositionTaken);
      invalidateFeedAfterCommit(ctx);
      const created = { media: mediaView(row) };
      if (idempotency)
        await saveAnswer(ctx.db, idempotency.userId, idempotency.request, 201, created);
      return created;
    });
    if (replayed) await discard();
    return answer;
  } catch (error) {
    await discard();
    throw error;
  }
}
