/**
 * The data export's readers, one per section of data.json (issue 28 item 6): each reads the rows of
 * its section and shapes them. Every row belongs to the member; other members appear only as ids.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
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
  userBadges,
  userSettings,
  weightHistory,
  connectionActivity,
  workoutPrefs,
  workoutWeeks,
} from '../../db/schema';
import { avatarKeyFromUrl } from './service';
import { tokensForExport } from '../connections/tokens';
import { audienceView } from '../crews/audience';

/** One stored file in the ZIP. */
export interface ExportFile {
  /** Path inside the ZIP. */
  name: string;
  key: string;
  mtime: Date;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase() || 'bin';
const isStoredKey = (path: string) => !/^https?:\/\//i.test(path);

/** Profile, settings, consents, health, weights, connections, billing; the avatar among the files. */
export async function readAccountSections(db: DbOrTx, userId: string, now: Date) {
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
  const avatarKey = avatarKeyFromUrl(profile?.avatarUrl ?? null);
  const avatarFile = avatarKey ? `media/avatar.${extension(avatarKey)}` : null;
  const files: ExportFile[] =
    avatarKey && avatarFile ? [{ name: avatarFile, key: avatarKey, mtime: now }] : [];
  const sections = {
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
  };
  return { sections, files };
}

/** Crews, cycles, check-ins with their updates, posts; their media files; the CSV rows. */
/** The rows of the check-in sections, read. */
async function readActivityRows(db: DbOrTx, userId: string) {
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
  return {
    crewRows,
    cycleRows,
    checkinRows,
    postRows,
    crewNames,
    postMediaRows,
    updateRows,
    updateMediaRows,
  };
}

type ActivityRows = Awaited<ReturnType<typeof readActivityRows>>;

/** Where each stored file of a post or an update goes in the ZIP. */
function mediaFiles(rows: ActivityRows) {
  const { checkinRows, postRows, postMediaRows, updateRows, updateMediaRows } = rows;
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
  return { files, checkinById, postFileNames, updateFileNames };
}

export async function readCheckinSections(db: DbOrTx, userId: string) {
  const rows = await readActivityRows(db, userId);
  const { crewRows, cycleRows, checkinRows, postRows, crewNames, postMediaRows } = rows;
  const { updateRows, updateMediaRows } = rows;
  const { files, postFileNames, updateFileNames } = mediaFiles(rows);
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

  const sections = {
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
  return { sections, files, csvRows };
}

/** Comments, likes, reactions, reports, invites sent, badges. */
export async function readSocialSections(db: DbOrTx, userId: string) {
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
  return {
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
  };
}

/** Workout preferences and plans. */
export async function readWorkoutSections(db: DbOrTx, userId: string) {
  const [prefs] = await db.select().from(workoutPrefs).where(eq(workoutPrefs.userId, userId));
  const weekRows = await db
    .select()
    .from(workoutWeeks)
    .where(eq(workoutWeeks.userId, userId))
    .orderBy(asc(workoutWeeks.weekIndex));
  return {
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
  };
}

/** Sessions and the e-mails sent to the member. */
export async function readAccessSections(db: DbOrTx, userId: string, email: string) {
  const sessionRows = await db
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const notificationRows = await db
    .select()
    .from(notificationLogs)
    .where(or(eq(notificationLogs.userId, userId), eq(notificationLogs.toEmail, email)))
    .orderBy(asc(notificationLogs.createdAt));

  return {
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
}
