/**
 * 'Download my data': one ZIP with a JSON file of everything the member owns, a CSV with one row per
 * check-in day, and their stored photos, videos and avatar. Decision 0016.
 *
 * Two calls. POST /api/account/export counts the member's export limits and answers with a link signed
 * for that member that works for a few minutes; the browser downloads it as an ordinary file, so a
 * large export goes to disk, never into the page's memory. GET on that link, by the same member,
 * streams the ZIP: the rows are read first (they are small), then each media file is read from storage
 * only when the ZIP reaches it, one at a time, with backpressure from the member's connection. The
 * server holds one chunk of one file at a time, whatever the number of photos.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  DATA_EXPORT_DOWNLOADS_PER_LINK,
  DATA_EXPORT_LINK_SECONDS,
  DATA_EXPORTS_PER_DAY,
  DATA_EXPORTS_PER_HOUR,
  PRODUCT_NAME,
} from '@shared/constants';
import type { ExportLinkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import {
  badges,
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  comments,
  consents,
  couponRedemptions,
  coupons,
  cycles,
  healthProfile,
  invites,
  likes,
  notificationLogs,
  postMedia,
  postReactions,
  posts,
  crews,
  crewMembers,
  profiles,
  reports,
  session,
  subscriptions,
  user,
  userBadges,
  userSettings,
  weightHistory,
  connectionActivity,
  workoutPrefs,
  workoutWeeks,
} from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { sameSignature, sign } from '../../lib/tokens';
import { enforce, hit } from '../../lib/rate-limit';
import { toNodeReadable } from '../../lib/storage/file-stream';
import { avatarKeyFromUrl } from './service';
import { tokensForExport } from '../connections/tokens';
import { audienceView } from '../crews/audience';

// ---------------------------------------------------------------------------
// The signed link
// ---------------------------------------------------------------------------

const exportLimits = (userId: string) => [
  { key: `export:hour:${userId}`, max: DATA_EXPORTS_PER_HOUR, windowSeconds: 3600 },
  { key: `export:day:${userId}`, max: DATA_EXPORTS_PER_DAY, windowSeconds: 86_400 },
];

async function signature(
  ctx: ServiceContext,
  userId: string,
  expires: number,
  nonce: string,
): Promise<string> {
  const { secret } = ctx;
  return sign(secret, `data-export:${userId}:${expires}:${nonce}`);
}

/** Counts an export against the member's limits and answers with a link only they can use, briefly. */
export async function requestExport(ctx: ServiceContext): Promise<ExportLinkResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  await enforce(ctx.db, exportLimits(member.userId), { now, message: msg.exportRateLimited });
  const expires = Math.floor(now.getTime() / 1000) + DATA_EXPORT_LINK_SECONDS;
  // The nonce makes each link its own, with its own downloads, even two asked for in one second.
  const nonce = randomBytes(9).toString('base64url');
  const token = `${expires}.${nonce}.${await signature(ctx, member.userId, expires, nonce)}`;
  return {
    url: `/api/account/export/${token}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The link must be signed for the signed-in member, not expired, and not used up: each download
 * claims one of DATA_EXPORT_DOWNLOADS_PER_LINK in the database (atomically, so parallel requests on
 * any process cannot all stream the whole export); anything else is the same 404.
 */
async function assertExportToken(ctx: ServiceContext, userId: string, token: string) {
  const [expiresText, nonce = '', given = ''] = token.split('.');
  const expires = Number(expiresText);
  const expected = Number.isSafeInteger(expires)
    ? await signature(ctx, userId, expires, nonce)
    : '';
  const now = ctx.now();
  const valid =
    expected.length > 0 && sameSignature(given, expected) && expires * 1000 > now.getTime();
  if (!valid) throw new AppError('not_found', msg.exportLinkExpired);
  const claim = {
    key: `export:download:${userId}:${nonce}`,
    max: DATA_EXPORT_DOWNLOADS_PER_LINK,
    windowSeconds: DATA_EXPORT_LINK_SECONDS,
  };
  if (!(await hit(ctx.db, claim, now)).allowed) {
    throw new AppError('not_found', msg.exportLinkExpired);
  }
}

// ---------------------------------------------------------------------------
// What the member owns
// ---------------------------------------------------------------------------

interface ExportFile {
  /** Path inside the ZIP. */
  name: string;
  key: string;
  mtime: Date;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase() || 'bin';
const isStoredKey = (path: string) => !/^https?:\/\//i.test(path);

/** Every row the member owns, read before the first byte is sent. Other members appear only as ids. */
async function collect(db: DbOrTx, userId: string, now: Date) {
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new AppError('not_found', msg.notFound);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const [consent] = await db.select().from(consents).where(eq(consents.userId, userId));
  const [health] = await db.select().from(healthProfile).where(eq(healthProfile.userId, userId));
  const weights = await db
    .select()
    .from(weightHistory)
    .where(eq(weightHistory.userId, userId))
    .orderBy(asc(weightHistory.recordedAt));
  const tokens = await tokensForExport(db, userId);
  const activity = await db
    .select()
    .from(connectionActivity)
    .where(eq(connectionActivity.userId, userId))
    .orderBy(asc(connectionActivity.localDate));
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const redemptions = await db
    .select({
      code: coupons.code,
      monthsFree: couponRedemptions.monthsFree,
      at: couponRedemptions.redeemedAt,
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(asc(couponRedemptions.redeemedAt));
  const cycleRows = await db
    .select()
    .from(cycles)
    .where(eq(cycles.userId, userId))
    .orderBy(asc(cycles.startDate), asc(cycles.createdAt));
  const checkinRows = await db
    .select()
    .from(checkins)
    .where(eq(checkins.userId, userId))
    .orderBy(asc(checkins.localDate));
  const postRows = await db
    .select()
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt));
  const postIds = postRows.map((p) => p.id);
  // The member's crews (issue 30): name, whether they own it, when they joined.
  const crewRows = await db
    .select({
      id: crews.id,
      name: crews.name,
      ownerId: crews.ownerId,
      joinedAt: crewMembers.joinedAt,
    })
    .from(crewMembers)
    .innerJoin(crews, eq(crews.id, crewMembers.crewId))
    .where(eq(crewMembers.userId, userId))
    .orderBy(asc(crewMembers.joinedAt));
  const crewNames = new Map(
    (postRows.some((p) => p.crewId)
      ? await db
          .select({ id: crews.id, name: crews.name })
          .from(crews)
          .where(
            inArray(crews.id, [...new Set(postRows.flatMap((p) => (p.crewId ? [p.crewId] : [])))]),
          )
      : []
    ).map((c) => [c.id, c.name]),
  );
  const postMediaRows = postIds.length
    ? await db
        .select()
        .from(postMedia)
        .where(inArray(postMedia.postId, postIds))
        .orderBy(asc(postMedia.postId), asc(postMedia.sortIndex))
    : [];
  const updateRows = await db
    .select()
    .from(checkinUpdates)
    .where(eq(checkinUpdates.userId, userId))
    .orderBy(asc(checkinUpdates.createdAt));
  const updateIds = updateRows.map((u) => u.id);
  const updateMediaRows = updateIds.length
    ? await db
        .select()
        .from(checkinUpdateMedia)
        .where(inArray(checkinUpdateMedia.updateId, updateIds))
        .orderBy(asc(checkinUpdateMedia.updateId), asc(checkinUpdateMedia.sortIndex))
    : [];
  const commentRows = await db
    .select()
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt));
  const likeRows = await db
    .select()
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(asc(likes.createdAt));
  const reactionRows = await db
    .select()
    .from(postReactions)
    .where(eq(postReactions.userId, userId))
    .orderBy(asc(postReactions.createdAt));
  const reportRows = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
  const inviteRows = await db
    .select()
    .from(invites)
    .where(eq(invites.inviterUserId, userId))
    .orderBy(asc(invites.createdAt));
  const badgeRows = await db
    .select({
      code: badges.code,
      name: badges.name,
      description: badges.description,
      reason: userBadges.reason,
      awardedAt: userBadges.awardedAt,
    })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.awardedAt));
  const [prefs] = await db.select().from(workoutPrefs).where(eq(workoutPrefs.userId, userId));
  const weekRows = await db
    .select()
    .from(workoutWeeks)
    .where(eq(workoutWeeks.userId, userId))
    .orderBy(asc(workoutWeeks.weekIndex));
  const sessionRows = await db
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const notificationRows = await db
    .select()
    .from(notificationLogs)
    .where(or(eq(notificationLogs.userId, userId), eq(notificationLogs.toEmail, account.email)))
    .orderBy(asc(notificationLogs.createdAt));

  // Where each stored file goes in the ZIP.
  const files: ExportFile[] = [];
  const checkinById = new Map(checkinRows.map((c) => [c.id, c]));
  const postFileNames = new Map<string, string>();
  for (const m of postMediaRows) {
    if (!isStoredKey(m.storagePath)) continue;
    const post = postRows.find((p) => p.id === m.postId)!;
    const checkin = post.checkinId ? checkinById.get(post.checkinId) : undefined;
    const stem = checkin
      ? `media/checkins/${checkin.localDate}-day-${String(checkin.dayNumber).padStart(2, '0')}`
      : `media/posts/${post.id}`;
    const name = `${stem}-${m.sortIndex + 1}.${extension(m.storagePath)}`;
    postFileNames.set(m.id, name);
    files.push({ name, key: m.storagePath, mtime: m.createdAt });
  }
  const updateFileNames = new Map<string, string>();
  for (const m of updateMediaRows) {
    if (!isStoredKey(m.storagePath)) continue;
    const update = updateRows.find((u) => u.id === m.updateId)!;
    const day = checkinById.get(update.checkinId)?.localDate ?? 'unknown-day';
    const name = `media/updates/${day}-${update.id.slice(0, 8)}-${m.sortIndex + 1}.${extension(m.storagePath)}`;
    updateFileNames.set(m.id, name);
    files.push({ name, key: m.storagePath, mtime: m.createdAt });
  }
  const avatarKey = avatarKeyFromUrl(profile?.avatarUrl ?? null);
  const avatarFile = avatarKey ? `media/avatar.${extension(avatarKey)}` : null;
  if (avatarKey && avatarFile) files.push({ name: avatarFile, key: avatarKey, mtime: now });

  const mediaOf = <
    T extends { id: string; mediaType: string; mimeType: string; sortIndex: number },
  >(
    rows: T[],
    names: Map<string, string>,
    path: (row: T) => string,
  ) =>
    rows.map((m) => ({
      file: names.get(m.id) ?? null,
      url: names.has(m.id) ? null : path(m),
      mediaType: m.mediaType,
      mimeType: m.mimeType,
    }));

  const postByCheckin = new Map(postRows.filter((p) => p.checkinId).map((p) => [p.checkinId!, p]));
  const checkinsOut = checkinRows.map((c) => {
    const post = postByCheckin.get(c.id);
    const ups = updateRows.filter((u) => u.checkinId === c.id);
    return {
      id: c.id,
      cycleId: c.cycleId,
      localDate: c.localDate,
      dayNumber: c.dayNumber,
      movedMinutes: c.movedMinutes,
      steps: c.steps,
      proteinTargetHit: c.proteinTargetHit,
      hydrationGoalHit: c.hydrationGoalHit,
      journalMd: c.journalMd,
      createdAt: iso(c.createdAt),
      completedAt: iso(c.completedAt),
      postId: post?.id ?? null,
      media: post
        ? mediaOf(
            postMediaRows.filter((m) => m.postId === post.id),
            postFileNames,
            (m) => m.storagePath,
          )
        : [],
      updates: ups.map((u) => ({
        id: u.id,
        body: u.body,
        createdAt: iso(u.createdAt),
        media: mediaOf(
          updateMediaRows.filter((m) => m.updateId === u.id),
          updateFileNames,
          (m) => m.storagePath,
        ),
      })),
    };
  });

  const data = {
    format: 'stackdays-export',
    version: 1,
    product: PRODUCT_NAME,
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      createdAt: iso(account.createdAt),
    },
    profile: profile
      ? {
          displayName: profile.displayName,
          firstName: profile.firstName,
          lastName: profile.lastName,
          country: profile.country,
          unitPref: profile.unitPref,
          avatar: avatarFile,
          isAdmin: profile.isAdmin,
          healthIntakeSkippedAt: iso(profile.healthIntakeSkippedAt),
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    settings: settings
      ? {
          reminderHour: settings.reminderHour,
          emailNudges: settings.emailNudges,
          pushNudges: settings.pushNudges,
          timezone: settings.timezone,
          pendingTimezone: settings.pendingTimezone,
          pendingTimezoneFrom: iso(settings.pendingTimezoneFrom),
        }
      : null,
    consents: consent
      ? {
          tosAcceptedAt: iso(consent.tosAcceptedAt),
          healthDisclaimerAcceptedAt: iso(consent.healthDisclaimerAcceptedAt),
          marketingOptIn: consent.marketingOptIn,
          marketingOptedAt: iso(consent.marketingOptedAt),
        }
      : null,
    healthProfile: health
      ? {
          birthYear: health.birthYear,
          gender: health.gender,
          heightCm: health.heightCm,
          weightKg: health.weightKg,
          baselineSteps: health.baselineSteps,
          goals: health.goals,
          equipment: health.equipment,
          constraints: health.constraints,
          socialShareWeight: health.socialShareWeight,
          updatedAt: iso(health.updatedAt),
        }
      : null,
    weightHistory: weights.map((w) => ({ weightKg: w.weightKg, recordedAt: iso(w.recordedAt) })),
    // Connections (decision 0044): names, scopes and dates only; the tokens themselves were never kept.
    apiTokens: tokens,
    connectionActivity: activity.map((a) => ({
      date: a.localDate,
      steps: a.steps,
      moveMinutes: a.movedMinutes,
      source: a.source,
      receivedAt: iso(a.receivedAt),
    })),
    subscription: subscription
      ? {
          status: subscription.status,
          priceId: subscription.priceId,
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          createdAt: iso(subscription.createdAt),
        }
      : null,
    couponRedemptions: redemptions.map((r) => ({
      code: r.code,
      monthsFree: r.monthsFree,
      redeemedAt: iso(r.at),
    })),
    crews: crewRows.map((c) => ({
      id: c.id,
      name: c.name,
      role: c.ownerId === userId ? 'owner' : 'member',
      joinedAt: iso(c.joinedAt),
    })),
    cycles: cycleRows.map((c) => ({
      id: c.id,
      startDate: c.startDate,
      isActive: c.isActive,
      endedAt: iso(c.endedAt),
      checkins: c.checkinCount,
    })),
    checkins: checkinsOut,
    posts: postRows.map((p) => ({
      id: p.id,
      checkinId: p.checkinId,
      caption: p.caption,
      legacyMediaUrl: p.mediaUrl,
      visibility: p.visibility,
      // Who sees it (decision 0046): community, a crew (named) or only the member.
      audience: audienceView({
        visibility: p.visibility,
        crew_id: p.crewId,
        crew_name: p.crewId ? crewNames.get(p.crewId) : null,
      }),
      isHidden: p.isHidden,
      createdAt: iso(p.createdAt),
      media: mediaOf(
        postMediaRows.filter((m) => m.postId === p.id),
        postFileNames,
        (m) => m.storagePath,
      ),
    })),
    comments: commentRows.map((c) => ({
      id: c.id,
      postId: c.postId,
      body: c.body,
      createdAt: iso(c.createdAt),
    })),
    likes: likeRows.map((l) => ({ postId: l.postId, createdAt: iso(l.createdAt) })),
    reactions: reactionRows.map((r) => ({
      postId: r.postId,
      reaction: r.reaction,
      createdAt: iso(r.createdAt),
    })),
    reports: reportRows.map((r) => ({
      id: r.id,
      postId: r.postId,
      reason: r.reason,
      status: r.status,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
    })),
    invitesSent: inviteRows.map((i) => ({
      email: i.email,
      firstName: i.firstName,
      lastName: i.lastName,
      accepted: i.acceptedAt !== null,
      acceptedAt: iso(i.acceptedAt),
      expiresAt: iso(i.expiresAt),
      createdAt: iso(i.createdAt),
    })),
    badges: badgeRows.map((b) => ({ ...b, awardedAt: iso(b.awardedAt) })),
    workoutPreferences: prefs
      ? {
          fitnessLevel: prefs.fitnessLevel,
          age: prefs.age,
          equipment: prefs.equipment,
          stepTracker: prefs.stepTracker,
          goals: prefs.goals,
          notes: prefs.notes,
        }
      : null,
    workoutWeeks: weekRows.map((w) => ({
      weekIndex: w.weekIndex,
      planMd: w.planMd,
      generatedAt: iso(w.generatedAt),
    })),
    sessions: sessionRows.map((s) => ({
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    emails: notificationRows.map((n) => ({
      kind: n.kind,
      subject: n.subject,
      status: n.sendStatus,
      sentAt: iso(n.sentAt),
      createdAt: iso(n.createdAt),
    })),
  };

  const cycleStart = new Map(cycleRows.map((c) => [c.id, c.startDate]));
  const csvRows = checkinsOut.map((c) => [
    c.localDate,
    cycleStart.get(c.cycleId) ?? '',
    c.dayNumber,
    c.movedMinutes,
    c.steps,
    c.proteinTargetHit,
    c.hydrationGoalHit,
    c.journalMd ?? '',
    c.media.length,
    c.updates.length,
    c.createdAt ?? '',
  ]);
  return { data, csvRows, files };
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

const CSV_HEADER = [
  'date',
  'cycle_start',
  'day',
  'move_minutes',
  'steps',
  'protein_target_hit',
  'hydration_goal_hit',
  'journal',
  'photos_and_videos',
  'updates',
  'checked_in_at',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet
 * would run as a formula (starting =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function toCsv(rows: (string | number | boolean)[][]): string {
  // A byte-order mark so spreadsheet programs read the journal's UTF-8 (emoji) correctly.
  return `\uFEFF${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------
// The ZIP stream
// ---------------------------------------------------------------------------

const README = (exportedAt: string) => `${PRODUCT_NAME} data export, ${exportedAt}

data.json      everything your account holds: profile, settings, consents, health profile,
               weight history, connections (names and scopes, never tokens) and the numbers
               they sent, cycles, check-ins and updates, posts, your comments, likes and reactions,
               badges, invites you sent, subscription, sessions and e-mails sent to you.
checkins.csv   one row per check-in day.
media/         your photos and videos as stored (re-encoded on upload, without location data),
               and your avatar.
`;

export interface DataExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** Streams the ZIP for the member the signed link was made for. */
export async function streamExport(
  ctx: ServiceContext,
  input: { token: string },
): Promise<DataExport> {
  const member = requireMember(ctx);
  await assertExportToken(ctx, member.userId, input.token);
  const now = ctx.now();
  const { data, csvRows, files } = await collect(ctx.db, member.userId, now);

  const zip = new ZipFile();
  const folder = `stackdays-export-${now.toISOString().slice(0, 10)}`;
  zip.addBuffer(Buffer.from(README(now.toISOString())), `${folder}/README.txt`, { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), `${folder}/data.json`, { mtime: now });
  zip.addBuffer(Buffer.from(toCsv(csvRows)), `${folder}/checkins.csv`, { mtime: now });

  const output = zip.outputStream as Readable;
  const media = addMediaOneAtATime(ctx, zip, files, folder);
  zip.on('error', (error: unknown) => {
    ctx.logger.error({ err: error, userId: member.userId }, 'data export failed');
    media.stop();
    output.destroy(error as Error);
  });
  return {
    filename: `${folder}.zip`,
    stream: pullStream(output, () => media.stop()),
  };
}

/**
 * Adds the media files to the ZIP one at a time: the next file is fetched from storage only when the
 * previous one has been read to its end, so one storage stream is open at a time. Files are stored
 * without compression (photos and videos are compressed already). A file missing from storage is left
 * out and listed in missing-media.txt.
 */
function addMediaOneAtATime(
  ctx: ServiceContext,
  zip: ZipFile,
  files: ExportFile[],
  folder: string,
) {
  let index = 0;
  let stopped = false;
  let current: Readable | null = null;
  const missing: string[] = [];
  const next = async (): Promise<void> => {
    while (!stopped && index < files.length) {
      const file = files[index++];
      const object = await ctx.storage.get(file.key).catch((error: unknown) => {
        ctx.logger.warn({ err: error, key: file.key }, 'export: could not read a media file');
        return null;
      });
      if (stopped) {
        await object?.stream.cancel().catch(() => undefined);
        return;
      }
      if (!object) {
        missing.push(file.name.slice('media/'.length));
        continue;
      }
      const stream = toNodeReadable(object.stream);
      current = stream;
      stream.once('end', () => {
        current = null;
        void next();
      });
      stream.once('error', (error) => zip.emit('error', error));
      zip.addReadStream(stream, `${folder}/${file.name}`, {
        compress: false,
        mtime: file.mtime,
        size: object.size,
      });
      return;
    }
    if (stopped) return;
    if (missing.length) {
      zip.addBuffer(
        Buffer.from(`These files were no longer in storage:\n${missing.join('\n')}\n`),
        `${folder}/media/missing-media.txt`,
      );
    }
    zip.end();
  };
  void next();
  return {
    stop() {
      stopped = true;
      current?.destroy();
    },
  };
}

/**
 * A web stream that reads the ZIP only when the response asks for more, so a slow download holds one
 * chunk, not the archive (Readable.toWeb can read far ahead on Node 20; see lib/storage/file-stream).
 */
function pullStream(source: Readable, onCancel: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const finish = () => {
            source.off('readable', read);
            source.off('end', end);
            source.off('error', fail);
            resolve();
          };
          const read = () => {
            const chunk = source.read() as Buffer | null;
            if (chunk === null) return;
            finish();
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          };
          const end = () => {
            finish();
            controller.close();
          };
          const fail = (error: unknown) => {
            finish();
            controller.error(error);
          };
          source.on('readable', read);
          source.on('end', end);
          source.on('error', fail);
          if (source.readableEnded) end();
          else if (source.destroyed) fail(new Error('export stream closed'));
          else read();
        });
      },
      cancel() {
        onCancel();
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
