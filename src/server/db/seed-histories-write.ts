import { Readable } from 'node:stream';
import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import { STREAK_BADGE_CODES, type BadgeDay, type ProgressPose } from '@shared/constants';
import { refreshCycleStats } from '../queries/cycle-stats';
import { startOfLocalDate } from '../queries/time-zone';
import { ingestUpload, type MediaStorage } from '../lib/storage';
import type { Db, DbOrTx } from './client';
import { writeCrewCycles, writeCrews } from './seed-histories-crews';
import {
  badges,
  checkins,
  consents,
  cyclePauses,
  cycles,
  postMedia,
  posts,
  profiles,
  restDayPlans,
  subscriptions,
  user,
  userBadges,
  userSettings,
} from './schema';
import {
  crewCycleMembersOf,
  HistoriesError,
  historyMemberId,
  planMember,
  type HistoriesFile,
  type PlannedMember,
} from './seed-histories';

// Writes what seed-histories.ts planned: the members of a histories file with exactly their days.

export interface HistoriesTarget {
  db: Db;
  /** Where proof photos go; null: photos are left out (a test that does not look at them). */
  storage: MediaStorage | null;
  ffmpegPath: string | null;
}

export interface HistoriesWritten {
  members: number;
  checkins: number;
  photos: number;
  crews: number;
}

const HOUR = 3_600_000;
/** The instant of `hour` o'clock on `date` in the member's zone. */
const localTime = (date: string, hour: number, timeZone: string) =>
  new Date(startOfLocalDate(date, timeZone).getTime() + hour * HOUR);

/**
 * Creates exactly the file's members (nothing random), their cycles ending yesterday in their zones,
 * check-ins with posts, pauses, rest-day plans, photos and streak badges, and the file's crews. Refuses
 * an e-mail that already has an account.
 */
export async function writeHistories(
  target: HistoriesTarget,
  file: HistoriesFile,
  now: Date,
): Promise<HistoriesWritten> {
  const onCrewCycle = crewCycleMembersOf(file, now);
  const planned = file.members.map((m, i) => planMember(m, i, now, onCrewCycle.get(i)));
  const emails = planned.map((p) => p.member.email.toLowerCase());
  const taken = await target.db
    .select({ email: user.email })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, emails));
  if (taken.length > 0)
    throw new HistoriesError(
      `${taken.map((t) => t.email).join(', ')} already has an account (--reset removes seeded members)`,
    );
  const badgeIds = new Map(
    (await target.db.select({ id: badges.id, code: badges.code }).from(badges)).map((b) => [
      b.code,
      b.id,
    ]),
  );
  const written: HistoriesWritten = { members: 0, checkins: 0, photos: 0, crews: 0 };
  const photoPosts: SeededPhoto[] = [];
  const crewProofs: Array<{ postId: string; crew: string }> = [];
  await target.db.transaction(async (tx) => {
    const cycleIds: string[] = [];
    for (const [i, plan] of planned.entries()) {
      const userId = historyMemberId(plan.member.email);
      cycleIds.push(await writeMember(tx, userId, plan, now));
      for (const checkin of plan.checkins) {
        const postId = await writeCheckin(tx, userId, cycleIds[i], plan, checkin);
        if (checkin.photo)
          photoPosts.push({ userId, postId, day: checkin.day, pose: checkin.photo });
        if (checkin.proof) photoPosts.push({ userId, postId, day: checkin.day, pose: null });
        if (checkin.proof && typeof checkin.proof === 'object')
          crewProofs.push({ postId, crew: checkin.proof.crew });
      }
      await writeBadges(tx, userId, plan, badgeIds);
      written.members += 1;
      written.checkins += plan.checkins.length;
    }
    const crewIds = await writeCrews(tx, file, now);
    written.crews = crewIds.length;
    // A proof photo shared with a crew: its post's audience, once the crews have ids.
    for (const proof of crewProofs) {
      const crewId = crewIds[file.crews.findIndex((c) => c.name === proof.crew)];
      await tx.update(posts).set({ visibility: 'crew', crewId }).where(eq(posts.id, proof.postId));
    }
    await writeCrewCycles(tx, file, { planned, cycleIds, crewIds }, now);
    await refreshCycleStats(tx, cycleIds);
  });
  if (target.storage) {
    for (const photo of photoPosts) await storePhoto(target, photo);
    written.photos = photoPosts.length;
  }
  return written;
}

async function writeMember(
  tx: DbOrTx,
  userId: string,
  plan: PlannedMember,
  now: Date,
): Promise<string> {
  const { member } = plan;
  const zone = member.timeZone;
  const signedUpAt = localTime(plan.startDate, -12, zone);
  const [firstName, ...rest] = member.name.split(/\s+/);
  await tx.insert(user).values({
    id: userId,
    name: member.name,
    email: member.email,
    emailVerified: true,
    createdAt: signedUpAt,
    updatedAt: signedUpAt,
  });
  const profile = {
    displayName: member.name,
    firstName,
    lastName: rest.join(' ') || null,
    verifiedAt: signedUpAt,
    healthIntakeSkippedAt: signedUpAt,
    language: member.language ?? null,
  };
  await tx
    .insert(profiles)
    .values({ id: userId, ...profile })
    .onConflictDoUpdate({ target: profiles.id, set: profile });
  const settings = { timezone: zone, emailNudges: false, pushNudges: false };
  await tx
    .insert(userSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: userSettings.userId, set: settings });
  await tx
    .insert(consents)
    .values({ userId, tosAcceptedAt: signedUpAt, healthDisclaimerAcceptedAt: signedUpAt })
    .onConflictDoNothing();
  await tx.insert(subscriptions).values({
    userId,
    status: 'trialing',
    currentPeriodEnd: new Date(now.getTime() + 14 * 24 * HOUR),
  });
  const [cycle] = await tx
    .insert(cycles)
    .values({ userId, startDate: plan.startDate, mode: plan.mode, createdAt: signedUpAt })
    .returning({ id: cycles.id });
  if (plan.restWeekdays.length > 0)
    await tx
      .insert(restDayPlans)
      .values({ userId, effectiveFrom: plan.startDate, weekdays: plan.restWeekdays });
  for (const pause of plan.pauses)
    await tx.insert(cyclePauses).values({
      cycleId: cycle.id,
      userId,
      startDate: pause.start,
      endDate: pause.end,
      createdAt: localTime(pause.start, 7, zone),
    });
  return cycle.id;
}

async function writeCheckin(
  tx: DbOrTx,
  userId: string,
  cycleId: string,
  plan: PlannedMember,
  checkin: PlannedMember['checkins'][number],
): Promise<string> {
  const at = localTime(checkin.date, 18, plan.member.timeZone);
  const [row] = await tx
    .insert(checkins)
    .values({
      cycleId,
      userId,
      dayNumber: checkin.day,
      localDate: checkin.date,
      movedMinutes: 30,
      steps: 8000,
      proteinTargetHit: true,
      hydrationGoalHit: true,
      journalMd: `Day ${checkin.day}.`,
      createdAt: at,
      completedAt: at,
      updatedAt: at,
    })
    .returning({ id: checkins.id });
  const [post] = await tx
    .insert(posts)
    .values({
      checkinId: row.id,
      userId,
      caption: `Day ${checkin.day}.`,
      createdAt: at,
      // A proof photo kept to the member makes its post theirs alone; a crew's is set with the crews.
      ...(checkin.proof === 'private' ? { visibility: 'private' } : {}),
    })
    .returning({ id: posts.id });
  return post.id;
}

async function writeBadges(
  tx: DbOrTx,
  userId: string,
  plan: PlannedMember,
  badgeIds: Map<string, number>,
): Promise<void> {
  for (const badge of plan.badges) {
    const badgeId = badgeIds.get(STREAK_BADGE_CODES[badge.day as BadgeDay]);
    if (!badgeId) continue;
    await tx
      .insert(userBadges)
      .values({
        userId,
        badgeId,
        reason: `${badge.day}-day streak`,
        awardedAt: localTime(badge.date, 18, plan.member.timeZone),
      })
      .onConflictDoNothing();
  }
}

/** A seeded photo on a check-in's post: a progress photo of its pose, or (pose null) a proof photo. */
interface SeededPhoto {
  userId: string;
  postId: string;
  day: number;
  pose: ProgressPose | null;
}

/**
 * A square photo saying "Day N" and its pose (or "proof"), stored the way an upload is, on the
 * check-in's post: a progress photo of that pose (issue 46: its owner's alone), or a proof photo
 * that the post's audience sees.
 */
async function storePhoto(target: HistoriesTarget, photo: SeededPhoto): Promise<void> {
  const image = await sharp({
    create: { width: 640, height: 640, channels: 3, background: '#0ea5e9' },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="640" height="640"><text x="320" y="360" font-size="120" text-anchor="middle" font-family="sans-serif" fill="#0f172a">Day ${photo.day}</text><text x="320" y="470" font-size="56" text-anchor="middle" font-family="sans-serif" fill="#0f172a">${photo.pose ?? 'proof'}</text></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const stored = await ingestUpload({
    storage: target.storage!,
    source: Readable.from([image]),
    declaredType: 'image/jpeg',
    keyPrefix: `u/${photo.userId}/${photo.postId}`,
    kind: 'media',
    ffmpeg: target.ffmpegPath,
  });
  await target.db.insert(postMedia).values({
    postId: photo.postId,
    storagePath: stored.key,
    mediaType: stored.mediaType,
    mimeType: stored.mimeType,
    sortIndex: 0,
    sizeBytes: stored.sizeBytes,
    progressPose: photo.pose,
  });
}
