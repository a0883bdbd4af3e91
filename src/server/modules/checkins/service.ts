/**
 * The check-in services, and THE example of the service shape every module follows
 * (docs/decisions/0011-service-context.md):
 *
 * 1. An exported service is `verb(ctx: ServiceContext, input)`. Its first line is `requireMember(ctx)`
 *    (or `requireAdmin(ctx)`). The acting member is `requireMember(ctx).userId`: the input never
 *    carries the caller's own id, so no caller can act for someone else by changing an argument.
 * 2. It reads the time from `ctx.now()`, once, and passes that instant down; never `new Date()`.
 *    Tests, jobs and scripts set the clock by building their own context.
 * 3. It never imports Hono and never sees a request: the route parses the input with the shared zod
 *    schemas and passes plain values (an upload's body stream is a plain value too), and it sets
 *    headers and cookies from what the service returns.
 * 4. Every multi-step write runs in `withTransaction(ctx, async (ctx) => …)`, which joins a
 *    transaction the caller already opened; inside, only the inner `ctx` is used. Work for after the
 *    commit (clearing the feed cache) goes through `afterCommit`, so a rollback leaves no trace.
 * 5. Building blocks other services reuse (activeCycle, refreshCycleStats, awardStreakBadge, the feed
 *    SQL) are plain functions over `db: DbOrTx` with explicit arguments, in files that are not
 *    service entry points (cycles/queries.ts, cycles/stats.ts, badges/streak-badge.ts). They do no
 *    authorization: only services that already did call them.
 * 6. The answer is a response type from src/shared/api-types.ts, defined once and read by the client.
 * 7. A refusal is an AppError carrying a sentence from src/shared/messages.ts.
 * 8. Per-member limits (`enforce`, lib/rate-limit.ts) are counted inside the write's transaction,
 *    so a refused or failed write uses nothing up.
 */
import { and, asc, count, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import {
  CHECKIN_EDIT_WINDOW_MINUTES,
  CLIENT_CLOCK_SKEW_MINUTES,
  CYCLE_LENGTH_DAYS,
  OFFLINE_CHECKIN_MAX_AGE_HOURS,
  MAX_IMAGE_BYTES,
  MAX_MEDIA_PER_CHECKIN,
  MAX_MEDIA_PER_UPDATE,
  MAX_VIDEO_BYTES,
  PENDING_UPDATE_GRACE_MINUTES,
  UPDATES_PER_DAY,
  UPDATES_PER_HOUR,
} from '@shared/constants';
import type {
  OkResponse,
  AddMediaResponse,
  CycleView,
  AddUpdateResponse,
  CheckinView,
  CreateCheckinResponse,
  EditCheckinResponse,
  TodayResponse,
} from '@shared/api-types';
import { checkinEditableUntil, isCheckinEditable, postCaption } from '@shared/domain/checkin';
import { daysBetween, localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { CheckinData, CheckinEditData } from '@shared/domain/schemas';
import type { PostAudience } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import {
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  crews,
  postMedia,
  posts,
} from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  claimKey,
  findReplay,
  idempotent,
  saveAnswer,
  type IdempotencyRequest,
} from '../../lib/idempotency';
import { enforce, refund, type Limit } from '../../lib/rate-limit';
import { ingestUpload, thumbKeyFor } from '../../lib/storage';
import { awardStreakBadge } from '../badges/streak-badge';
import { activeCycle, activeCycleWithToday } from '../cycles/queries';
import { refreshCycleStats } from '../cycles/stats';
import { invalidateFeedAfterCommit } from '../feed/cache';
import { assertStorageQuota } from '../media/quota';
import { mediaView } from '../media/urls';
import { activitySourceOf, connectionActivityOn, sourceOfNumbers } from '../connections/activity';
import { audienceView, resolveAudience } from '../crews/audience';

/** The home screen: the active cycle (made if needed) and today's check-in, if done. */
export async function getToday(ctx: ServiceContext): Promise<TodayResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  // By local date, not cycle day: after Start New Cycle, today's check-in still counts for today.
  const { cycle, todayCheckinId } = await activeCycleWithToday(ctx.db, member.userId, now);
  let checkinId = todayCheckinId;
  if (checkinId === undefined) {
    const [row] = await ctx.db
      .select({ id: checkins.id })
      .from(checkins)
      .where(and(eq(checkins.userId, member.userId), eq(checkins.localDate, cycle.today)))
      .limit(1);
    checkinId = row?.id ?? null;
  }
  const [checkin, connection] = await Promise.all([
    checkinId ? loadCheckinView(ctx.db, checkinId, now) : null,
    connectionActivityOn(ctx.db, member.userId, cycle.today),
  ]);
  return { cycle, checkin, connection };
}

/**
 * Today's check-in and its post, in one transaction: both or neither. The database allows one
 * check-in per cycle day and per local date, so a double-click or 20 racing requests make exactly one.
 * A complete cycle (past day 90) takes no check-in: the member starts a new cycle first.
 *
 * A check-in made offline carries `madeAt` and counts for the member's local day at that instant
 * (today or, within OFFLINE_CHECKIN_MAX_AGE_HOURS, yesterday; docs/decisions/0023). With an
 * idempotency key, a repeat returns the first answer and creates nothing.
 */
export async function createCheckin(
  ctx: ServiceContext,
  input: CheckinData & { audience?: PostAudience },
  options: { madeAt?: Date; idempotency?: IdempotencyRequest } = {},
): Promise<CreateCheckinResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  return idempotent(ctx, member.userId, options.idempotency, 201, async (ctx) => {
    const cycle = await activeCycle(ctx.db, member.userId, now);
    const day = checkinDay(cycle, options.madeAt, now);
    // Numbers kept as a connection filled them in carry its source onto the post (decision 0045).
    const source = sourceOfNumbers(
      await connectionActivityOn(ctx.db, member.userId, day.localDate),
      input,
    );
    const [checkin] = await ctx.db
      .insert(checkins)
      .values({
        cycleId: cycle.id,
        userId: member.userId,
        dayNumber: day.dayNumber,
        localDate: day.localDate,
        movedMinutes: input.movedMinutes,
        steps: input.steps,
        proteinTargetHit: input.proteinTargetHit,
        hydrationGoalHit: input.hydrationGoalHit,
        journalMd: journalOrNull(input.journalMd),
        mediaUrl: null,
        activitySource: source?.source ?? null,
        activityAt: source ? new Date(source.at) : null,
        createdAt: now,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: checkins.id, dayNumber: checkins.dayNumber });
    if (!checkin) throw new AppError('conflict', msg.alreadyCheckedInToday);
    // Whoever sees the post, the check-in counts for streaks, badges and boards (decision 0046).
    const audience = await resolveAudience(ctx.db, member.userId, input.audience);
    await ctx.db.insert(posts).values({
      checkinId: checkin.id,
      userId: member.userId,
      caption: postCaption(input.journalMd),
      visibility: audience.visibility,
      crewId: audience.crewId,
      createdAt: now,
    });
    await refreshCycleStats(ctx.db, [cycle.id]);
    const badge = await awardStreakBadge(ctx.db, {
      userId: member.userId,
      cycleId: cycle.id,
      dayNumber: checkin.dayNumber,
    });
    await removeAbandonedUpdates(ctx.db, member.userId, now);
    invalidateFeedAfterCommit(ctx);
    const view = await loadCheckinView(ctx.db, checkin.id, now);
    return { checkin: view!, badge };
  });
}

/**
 * The local day and cycle day a new check-in counts for. Without `madeAt`: today. With it (a
 * check-in queued offline): the member's local date at `madeAt`, which must be at most
 * OFFLINE_CHECKIN_MAX_AGE_HOURS old (so at most yesterday) and not in the future beyond clock skew
 * (a clock slightly ahead counts as today), and inside the active cycle. `madeAt` is the device's
 * word: the age bound is what limits how far a member can move a check-in back.
 */
function checkinDay(
  cycle: CycleView,
  madeAt: Date | undefined,
  now: Date,
): { localDate: LocalDate; dayNumber: number } {
  let localDate = cycle.today;
  if (madeAt) {
    const age = now.getTime() - madeAt.getTime();
    if (age < -CLIENT_CLOCK_SKEW_MINUTES * 60_000)
      throw new AppError('validation_failed', msg.checkinMadeAtInvalid);
    if (age > OFFLINE_CHECKIN_MAX_AGE_HOURS * 3_600_000)
      throw new AppError('conflict', msg.checkinQueuedTooOld);
    const madeOn = localDateIn(madeAt, cycle.timeZone);
    if (madeOn < localDate) localDate = madeOn;
  }
  const offset = daysBetween(cycle.startDate, localDate);
  if (offset < 0)
    throw new AppError(
      'conflict',
      madeAt ? msg.checkinQueuedBeforeCycle : msg.checkinBeforeCycleStart,
    );
  if (offset + 1 > CYCLE_LENGTH_DAYS) throw new AppError('conflict', msg.cycleCompleteNoCheckin);
  return { localDate, dayNumber: offset + 1 };
}

/**
 * Changes the fields the edit carries, within 15 minutes of the check-in's creation; the post's
 * caption follows the journal. An edit carrying no field never gets here (checkinEditSchema).
 */
export async function editCheckin(
  ctx: ServiceContext,
  input: { checkinId: string; changes: CheckinEditData },
): Promise<EditCheckinResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const { checkinId, changes } = input;
  await withTransaction(ctx, async (ctx) => {
    const { checkin } = await ownCheckin(ctx.db, member.userId, checkinId, { lock: true });
    assertEditable(checkin.createdAt, now);
    const journalMd =
      changes.journalMd === undefined ? undefined : journalOrNull(changes.journalMd);
    // Numbers the member changes are theirs: the post no longer names a connection for them.
    const retyped =
      (changes.steps !== undefined && changes.steps !== checkin.steps) ||
      (changes.movedMinutes !== undefined && changes.movedMinutes !== checkin.movedMinutes);
    await ctx.db
      .update(checkins)
      .set({
        movedMinutes: changes.movedMinutes,
        steps: changes.steps,
        proteinTargetHit: changes.proteinTargetHit,
        hydrationGoalHit: changes.hydrationGoalHit,
        journalMd,
        ...(retyped ? { activitySource: null, activityAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(checkins.id, checkinId));
    if (changes.journalMd !== undefined) {
      await ctx.db
        .update(posts)
        .set({ caption: postCaption(changes.journalMd) })
        .where(eq(posts.checkinId, checkinId));
    }
    await refreshCycleStats(ctx.db, [checkin.cycleId]);
    invalidateFeedAfterCommit(ctx);
  });
  return { checkin: (await loadCheckinView(ctx.db, checkinId, now))! };
}

/** One file arriving in a request body: the route hands over the stream and what the client declared. */
export interface UploadedFile {
  body: ReadableStream<Uint8Array> | null;
  /** The Content-Type the client sent; ignored for the type (read from the bytes), kept for logs. */
  declaredType?: string;
  /** The Content-Length the client sent, if any: what the storage quota counts before streaming. */
  declaredBytes?: number;
}

/** A proof photo or video for the member's own check-in, at the position they chose (0-based). */
export async function addCheckinMedia(
  ctx: ServiceContext,
  input: { checkinId: string; index: number; file: UploadedFile; idempotency?: IdempotencyRequest },
): Promise<AddMediaResponse> {
  const member = requireMember(ctx);
  const startedAt = ctx.now();
  const { checkinId, index } = input;
  // A replayed upload is answered before a byte is read (decision 0023).
  const replay = await findReplay<AddMediaResponse>(ctx, member.userId, input.idempotency);
  if (replay) return replay;
  // The parent checks run twice: before any byte is stored (a refused upload costs nothing), and
  // again with the check-in locked in the transaction that records the file, so parallel uploads
  // cannot pass the limit together and a file never lands on a check-in that stopped taking them.
  const checkParent = async (db: DbOrTx, lock: boolean) => {
    const { checkin, postId } = await ownCheckin(db, member.userId, checkinId, { lock });
    // An upload that started inside the edit window may finish after it closes.
    assertEditable(checkin.createdAt, startedAt);
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
        .values({ postId, sortIndex: index, ...stored })
        .onConflictDoNothing()
        .returning();
      return row;
    },
  });
}

/**
 * A later note on the member's own check-in: text, or media to follow (declared up front), or both.
 * An update without text stays out of sight until its first file lands, and is removed if none
 * does (docs/decisions/0014), so the feed never shows an empty update. Counted against the
 * member's update limits in the same transaction: a refused update uses up nothing.
 */
export async function createUpdate(
  ctx: ServiceContext,
  input: { checkinId: string; body?: string; mediaCount: number },
): Promise<AddUpdateResponse> {
  // The spec's own words for an update without a session.
  const member = requireMember(ctx, msg.signInToAddUpdates);
  const now = ctx.now();
  const body = input.body?.trim() || null;
  if (!body && input.mediaCount === 0) throw new AppError('validation_failed', msg.addTextOrMedia);
  if (input.mediaCount > MAX_MEDIA_PER_UPDATE)
    throw new AppError('validation_failed', msg.tooManyUpdateMedia);
  return withTransaction(ctx, async (ctx) => {
    await ownCheckin(ctx.db, member.userId, input.checkinId);
    await enforce(ctx.db, updateLimits(member.userId), { message: msg.updateRateLimited, now });
    await removeAbandonedUpdates(ctx.db, member.userId, now);
    const [row] = await ctx.db
      .insert(checkinUpdates)
      .values({ checkinId: input.checkinId, userId: member.userId, body, createdAt: now })
      .returning();
    if (body) invalidateFeedAfterCommit(ctx);
    return {
      update: { id: row.id, body: row.body, createdAt: row.createdAt.toISOString(), media: [] },
    };
  });
}

const updateLimits = (userId: string): Limit[] => [
  { key: `update:hour:${userId}`, max: UPDATES_PER_HOUR, windowSeconds: 3600 },
  { key: `update:day:${userId}`, max: UPDATES_PER_DAY, windowSeconds: 86_400 },
];

/**
 * Gives up an update that got neither text nor a file (every upload failed): it is removed and does
 * not count against the member's updates. An update with anything in it is kept.
 */
export async function discardUpdate(
  ctx: ServiceContext,
  input: { updateId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const removed = await ctx.db
      .delete(checkinUpdates)
      .where(
        and(
          eq(checkinUpdates.id, input.updateId),
          eq(checkinUpdates.userId, member.userId),
          isNull(checkinUpdates.body),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(checkinUpdateMedia)
              .where(eq(checkinUpdateMedia.updateId, checkinUpdates.id)),
          ),
        ),
      )
      .returning({ id: checkinUpdates.id });
    if (removed.length === 0) throw new AppError('not_found', msg.notFound);
    for (const limit of updateLimits(member.userId)) await refund(ctx.db, limit);
    return { ok: true as const };
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

// ---------------------------------------------------------------------------------------------------
// Private steps of the services above
// ---------------------------------------------------------------------------------------------------

const journalOrNull = (journalMd: string) => (journalMd.trim() ? journalMd : null);

/** The member's own check-in (optionally locked until the transaction ends), with its post's id. */
async function ownCheckin(
  db: DbOrTx,
  userId: string,
  checkinId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      checkin: checkins,
      postId: posts.id,
      visibility: posts.visibility,
      crewId: posts.crewId,
      crewName: crews.name,
    })
    .from(checkins)
    .leftJoin(posts, eq(posts.checkinId, checkins.id))
    .leftJoin(crews, eq(crews.id, posts.crewId))
    .where(and(eq(checkins.id, checkinId), eq(checkins.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: checkins }) : await query;
  // Someone else's check-in looks exactly like a missing one.
  if (!row) throw new AppError('not_found', msg.notFound);
  return row;
}

/** The one 15-minute rule (isCheckinEditable), for check-ins and updates alike. */
function assertEditable(createdAt: Date, now: Date) {
  if (!isCheckinEditable(createdAt, now))
    throw new AppError('forbidden', msg.checkinEditWindowClosed);
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

/**
 * Deletes the member's updates that never got text or a file once nothing can land on them any
 * more: their 15-minute upload window closed, plus a grace for an upload still streaming. They were
 * never shown (see loadCheckinView and the feed SQL); this keeps them from piling up.
 */
async function removeAbandonedUpdates(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const cutoff = new Date(
    now.getTime() - (CHECKIN_EDIT_WINDOW_MINUTES + PENDING_UPDATE_GRACE_MINUTES) * 60_000,
  );
  await db.delete(checkinUpdates).where(
    and(
      eq(checkinUpdates.userId, userId),
      isNull(checkinUpdates.body),
      lt(checkinUpdates.createdAt, cutoff),
      notExists(
        db
          .select({ one: sql`1` })
          .from(checkinUpdateMedia)
          .where(eq(checkinUpdateMedia.updateId, checkinUpdates.id)),
      ),
    ),
  );
}

async function loadCheckinView(
  db: DbOrTx,
  checkinId: string,
  now: Date,
): Promise<CheckinView | null> {
  const [row] = await db
    .select({
      checkin: checkins,
      postId: posts.id,
      visibility: posts.visibility,
      crewId: posts.crewId,
      crewName: crews.name,
    })
    .from(checkins)
    .leftJoin(posts, eq(posts.checkinId, checkins.id))
    .leftJoin(crews, eq(crews.id, posts.crewId))
    .where(eq(checkins.id, checkinId))
    .limit(1);
  if (!row) return null;
  const { checkin, postId } = row;
  const audience = postId
    ? audienceView({ visibility: row.visibility, crew_id: row.crewId, crew_name: row.crewName })
    : null;
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
