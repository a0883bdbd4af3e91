import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  AddMediaResponse,
  OkResponse,
  ProgressPhotosView,
  ShareCollageResponse,
} from '@shared/api-types';
import { COLLAGES_PER_DAY, COLLAGES_PER_HOUR, type ProgressPose } from '@shared/constants';
import type { PostAudience } from '@shared/domain/audience';
import { isCheckinEditable } from '@shared/domain/checkin';
import { localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { postMedia, posts } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { enforce } from '../../lib/rate-limit';
import type { IdempotencyRequest } from '../../lib/idempotency';
import { thumbKeyFor } from '../../lib/storage';
import {
  activeCyclePhotos,
  ownCheckinPhoto,
  todayCheckinSlot,
  type CheckinPhotoRow,
} from '../../queries/progress-photos';
import type { UploadedFile } from '../../lib/uploaded-file';
import { addCheckinMedia } from '../checkins/service';
import { resolveAudience } from '../../queries/audience';
import { assertStorageQuota } from '../media/quota';
import { mediaUrl, mediaView } from '../../queries/media-urls';
import { composeCollage } from './collage';

// Progress photos (issue 46, decisions 0109-0111): a member's own proof photos marked with a pose,
// served to them alone (media/service.ts), compared and played in the browser, and shared only as a
// collage the member composes and gives an audience.

const notFound = () => new AppError('not_found', msg.notFound);

const collageLimits = (userId: string) => [
  { key: `collage:hour:${userId}`, max: COLLAGES_PER_HOUR, windowSeconds: 3600 },
  { key: `collage:day:${userId}`, max: COLLAGES_PER_DAY, windowSeconds: 86_400 },
];

/** GET /api/progress-photos: the active cycle's progress photos, and the proof photos to mark. */
export async function listProgressPhotos(ctx: ServiceContext): Promise<ProgressPhotosView> {
  const member = requireMember(ctx);
  const today = localDateIn(ctx.now(), member.timeZone);
  const [rows, slot] = await Promise.all([
    activeCyclePhotos(ctx.db, member.userId, member.timeZone),
    todayCheckinSlot(ctx.db, member.userId, today),
  ]);
  const urls = (row: CheckinPhotoRow) => {
    const view = mediaView({ ...row, mediaType: 'image' });
    return { url: view.url, thumbUrl: view.thumbUrl };
  };
  return {
    photos: rows.flatMap((row) =>
      row.pose
        ? [
            {
              id: row.id,
              day: row.day,
              date: row.date,
              pose: row.pose,
              ...urls(row),
              weightKg: row.weightKg === null ? null : Number(row.weightKg),
            },
          ]
        : [],
    ),
    proofPhotos: rows.flatMap((row) =>
      row.pose ? [] : [{ id: row.id, day: row.day, date: row.date, thumbUrl: urls(row).thumbUrl }],
    ),
    canTakePhoto: slot !== null,
  };
}

/**
 * PATCH /api/progress-photos/:id: the member marks one of their proof photos as a progress photo
 * (it leaves every feed: only they see it) or unmarks it (it follows its post again).
 */
export async function markProgressPhoto(
  ctx: ServiceContext,
  input: { mediaId: string; pose: ProgressPose | null },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const photo = await ownCheckinPhoto(ctx.db, member.userId, input.mediaId);
    if (!photo) throw notFound();
    // A photo added after its check-in's edit window (0109) never becomes proof others see.
    if (input.pose === null && !isCheckinEditable(photo.checkinCreatedAt, new Date(photo.addedAt)))
      throw new AppError('forbidden', msg.progressPhotoStaysPrivate);
    await ctx.db
      .update(postMedia)
      .set({ progressPose: input.pose })
      .where(eq(postMedia.id, input.mediaId));
    invalidateFeedAfterCommit(ctx);
    return { ok: true } as const;
  });
}

/**
 * POST /api/progress-photos?pose=: a photo taken on the Photos tab goes with today's check-in as a
 * progress photo (at its post's next free position), whenever in the day it is taken.
 */
export async function addProgressPhoto(
  ctx: ServiceContext,
  input: { pose: ProgressPose; file: UploadedFile; idempotency?: IdempotencyRequest },
): Promise<AddMediaResponse> {
  const member = requireMember(ctx);
  const today = localDateIn(ctx.now(), member.timeZone);
  const slot = await todayCheckinSlot(ctx.db, member.userId, today);
  if (!slot) throw new AppError('conflict', msg.progressPhotoNeedsCheckin);
  return addCheckinMedia(ctx, {
    checkinId: slot.checkinId,
    index: slot.nextIndex,
    file: input.file,
    idempotency: input.idempotency,
    progressPose: input.pose,
  });
}

/**
 * POST /api/progress-photos/collage: two of the member's progress photos composed into one image
 * (no metadata), posted to the audience they chose. The post is the collage's only way out: its
 * file is served as any post's file is, to that audience (media/service.ts).
 */
export async function shareCollage(
  ctx: ServiceContext,
  input: { firstId: string; secondId: string; audience: PostAudience },
): Promise<ShareCollageResponse> {
  const member = requireMember(ctx);
  // Each is two decodes, two encodes and a post: a loop would tie up the server and flood a feed.
  await enforce(ctx.db, collageLimits(member.userId), {
    now: ctx.now(),
    message: msg.collageRateLimited,
  });
  const photos = await Promise.all(
    [input.firstId, input.secondId].map((id) => ownCheckinPhoto(ctx.db, member.userId, id)),
  );
  const [first, second] = photos.sort((a, b) => (a?.day ?? 0) - (b?.day ?? 0));
  if (!first?.pose || !second?.pose) throw notFound();
  const target = await resolveAudience(ctx.db, member.userId, input.audience);
  const [firstImage, secondImage] = await Promise.all(
    [first, second].map((photo) => readStored(ctx, photo.storagePath)),
  );
  const collage = await composeCollage(
    { image: firstImage, day: first.day },
    { image: secondImage, day: second.day },
  );
  const sizeBytes = collage.image.length + collage.thumb.length;
  await assertStorageQuota(ctx, sizeBytes);
  const key = `u/${member.userId}/collages/${randomUUID()}.webp`;
  const put = { contentType: 'image/webp' };
  await ctx.storage.put(key, collage.image, put);
  try {
    await ctx.storage.put(thumbKeyFor(key), collage.thumb, put);
    const postId = await withTransaction(ctx, async (ctx) => {
      await assertStorageQuota(ctx, sizeBytes);
      const [post] = await ctx.db
        .insert(posts)
        .values({
          checkinId: null,
          userId: member.userId,
          caption: msg.collageCaption(first.day, second.day),
          visibility: target.visibility,
          crewId: target.crewId,
          createdAt: ctx.now(),
        })
        .returning({ id: posts.id });
      await ctx.db.insert(postMedia).values({
        postId: post.id,
        storagePath: key,
        mediaType: 'image',
        mimeType: 'image/webp',
        sortIndex: 0,
        sizeBytes,
      });
      invalidateFeedAfterCommit(ctx);
      return post.id;
    });
    return { postId, visibility: target.visibility, url: mediaUrl(key) };
  } catch (error) {
    await Promise.all([key, thumbKeyFor(key)].map((k) => ctx.storage.delete(k).catch(() => {})));
    throw error;
  }
}

async function readStored(ctx: ServiceContext, key: string): Promise<Buffer> {
  const stored = await ctx.storage.get(key);
  if (!stored) throw notFound();
  return Buffer.from(await new Response(stored.stream).arrayBuffer());
}
