import { and, eq, inArray } from 'drizzle-orm';
import { REVIEW_WEEKS } from '@shared/constants';
import type {
  ReviewWeeksResponse,
  ShareWeekResponse,
  WeeklyReviewResponse,
  WeeklyReviewView,
} from '@shared/api-types';
import { reviewOpensOn } from '@shared/domain/review-weeks';
import type { ShareWeekData } from '@shared/domain/schemas';
import { isCheckinEditable } from '@shared/domain/checkin';
import { msg } from '@shared/messages';
import { checkins, postMedia, posts, reviewShares } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { shareTarget } from './audience';
import {
  memberCyclesAndZone,
  newestReview,
  openWeeksOf,
  readWeeklyReview,
} from '../../queries/review';
import { reviewCaption } from './caption';

// The weekly review (decision 0048): read from the member's own check-ins, addressed by the member's
// cycle number and week, so no address names anyone else's review.

async function reviewFor(
  ctx: ServiceContext,
  address: { cycle: string; week: number } | null,
): Promise<WeeklyReviewView | null> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const { cycles, timeZone } = await memberCyclesAndZone(ctx.db, member.userId, now);
  let target: { cycle: (typeof cycles)[number]; week: number } | null;
  if (address) {
    // Only the member's own cycles are looked in: another member's cycle id is not found.
    const cycle = cycles.find((c) => c.id === address.cycle);
    if (!cycle) throw new AppError('not_found', msg.notFound);
    if (address.week > openWeeksOf(cycle, timeZone, now))
      throw new AppError('not_found', msg.reviewNotOpenYet);
    target = { cycle, week: address.week };
  } else {
    target = newestReview(cycles, timeZone, now);
    if (!target) return null;
  }
  return readWeeklyReview(ctx.db, {
    userId: member.userId,
    cycle: target.cycle,
    week: target.week,
    openWeeks: openWeeksOf(target.cycle, timeZone, now),
    timeZone,
    unitPref: member.unitPref,
  });
}

/** GET /api/review: the newest open review, or null before the first week has ended. */
export async function getNewestReview(ctx: ServiceContext): Promise<WeeklyReviewResponse> {
  return { review: await reviewFor(ctx, null) };
}

/** GET /api/review/{cycle}/{week}: an open week of one of the member's own cycles. */
export async function getReview(
  ctx: ServiceContext,
  input: { cycle: string; week: number },
): Promise<WeeklyReviewResponse> {
  return { review: await reviewFor(ctx, input) };
}

/** GET /api/review/weeks: each of the member's cycles with its 13 weeks and when each opens. */
export async function listReviewWeeks(ctx: ServiceContext): Promise<ReviewWeeksResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const { cycles, timeZone } = await memberCyclesAndZone(ctx.db, member.userId, now);
  return {
    cycles: cycles
      .map((cycle) => {
        const open = openWeeksOf(cycle, timeZone, now);
        return {
          cycleId: cycle.id,
          cycleNumber: cycle.number,
          startDate: cycle.startDate,
          active: cycle.isActive,
          weeks: Array.from({ length: REVIEW_WEEKS }, (_, i) => ({
            week: i + 1,
            opensOn: reviewOpensOn(cycle.startDate, i + 1, cycle.pausedDates),
            open: i + 1 <= open,
          })),
        };
      })
      .reverse(),
  };
}

/**
 * "Share this week": a post of the week's numbers (no check-in of its own), to the audience the
 * member picked, with only the photos they picked from the week. Once per week.
 */
export async function shareWeek(
  ctx: ServiceContext,
  input: { cycle: string; week: number } & ShareWeekData,
): Promise<ShareWeekResponse> {
  const member = requireMember(ctx);
  const review = await reviewFor(ctx, { cycle: input.cycle, week: input.week });
  if (!review) throw new AppError('not_found', msg.notFound);
  const target = await shareTarget(ctx.db, member.userId, input.audience);
  const weekPhotos = new Map(review.photos.map((p) => [p.media.id, p]));
  const picked = [...new Set(input.photoIds)];
  if (picked.some((id) => !weekPhotos.has(id)))
    throw new AppError('validation_failed', msg.reviewPhotoNotInWeek, {
      fields: { photoIds: msg.reviewPhotoNotInWeek },
    });
  const now = ctx.now();
  return withTransaction(ctx, async (ctx) => {
    const [post] = await ctx.db
      .insert(posts)
      .values({
        checkinId: null,
        userId: member.userId,
        caption: reviewCaption(review),
        visibility: target.visibility,
        crewId: target.crewId,
        createdAt: now,
      })
      .returning({ id: posts.id });
    const [share] = await ctx.db
      .insert(reviewShares)
      .values({ cycleId: review.cycleId, week: input.week, userId: member.userId, postId: post.id })
      .onConflictDoNothing()
      .returning({ postId: reviewShares.postId });
    if (!share) throw new AppError('conflict', msg.reviewAlreadyShared);
    if (picked.length) {
      // The same stored files, named again by the new post (the admin's delete keeps a file
      // another row still names). Read from the member's own week, never from the request.
      const sources = await ctx.db
        .select()
        .from(postMedia)
        .innerJoin(posts, eq(posts.id, postMedia.postId))
        .leftJoin(checkins, eq(checkins.id, posts.checkinId))
        .where(and(inArray(postMedia.id, picked), eq(posts.userId, member.userId)));
      // A progress photo added after its check-in's edit window is never proof others see (0109).
      const late = sources.some(
        (s) =>
          s.post_media.progressPose !== null &&
          !isCheckinEditable(s.checkins?.createdAt ?? '', s.post_media.createdAt),
      );
      if (late) throw new AppError('forbidden', msg.progressPhotoStaysPrivate);
      await ctx.db.insert(postMedia).values(
        picked.map((id, sortIndex) => {
          const source = sources.find((s) => s.post_media.id === id)!.post_media;
          return {
            postId: post.id,
            storagePath: source.storagePath,
            mediaType: source.mediaType,
            mimeType: source.mimeType,
            sortIndex,
            // Counted once for the quota: the file is stored once.
            sizeBytes: 0,
            createdAt: now,
          };
        }),
      );
    }
    invalidateFeedAfterCommit(ctx);
    return { postId: post.id, visibility: target.visibility };
  });
}
