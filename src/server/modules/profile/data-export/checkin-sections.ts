import { pauseSpans } from '@shared/domain/cycle-position';
import { keyOfWeekday, streakSummary } from '@shared/domain/forgiving-streak';
import { localDateIn } from '@shared/domain/local-date';
import type { DbOrTx } from '../../../db/client';
import { memberTimeZone } from '../../../queries/cycles';
import { readRuleInputs, type CycleRuleInput } from '../../../queries/cycle-stats';
import { audienceView } from '../../../queries/audience';
import { iso } from './export-values';
import { mediaFiles, readActivityRows, type ActivityRows, type MediaFiles } from './checkin-rows';

// The export's check-in sections, one shaper each over the rows they share: crews, cycles,
// check-ins with their updates, posts; and the rows of checkins.csv.

/** Crews, cycles, check-ins with their updates, posts; their media files; the CSV rows. */
export async function readCheckinSections(db: DbOrTx, userId: string, now: Date) {
  const rows = await readActivityRows(db, userId);
  const media = mediaFiles(rows);
  const checkinsOut = checkinsSection(rows, media);
  const rules = await readRuleInputs(
    db,
    rows.cycleRows.map((c) => c.id),
  );
  const timeZone = await memberTimeZone(db, userId, now);
  const sections = {
    crews: crewsSection(rows, userId),
    cycles: cyclesSection(rows, rules, (at) => localDateIn(at ?? now, timeZone)),
    // The member's rest weekdays, each plan from the date it applies (decision 0099).
    restDayPlans: (rules[0]?.history.restPlans ?? []).map((p) => ({
      from: p.from,
      days: p.weekdays.map(keyOfWeekday),
    })),
    checkins: checkinsOut,
    posts: postsSection(rows, media),
    progressPhotos: progressPhotosSection(rows, media),
  };
  return { sections, files: media.files, csvRows: csvRows(rows, checkinsOut) };
}

/** A post's or an update's media: its file in the ZIP, or its address when it is not stored here. */
const mediaOf = <T extends { id: string; mediaType: string; mimeType: string; sortIndex: number }>(
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

function crewsSection({ crewRows }: ActivityRows, userId: string) {
  return crewRows.map((c) => ({
    id: c.id,
    name: c.name,
    role: c.ownerId === userId ? 'owner' : 'member',
    joinedAt: iso(c.joinedAt),
  }));
}

/**
 * Each cycle with its streak by the streak rule (decision 0098): as it stands today for the active
 * cycle, as it stood when it ended for a past one; its mode, pauses and each date's mark.
 */
function cyclesSection(
  { cycleRows }: ActivityRows,
  rules: CycleRuleInput[],
  dateOf: (at: Date | null) => string,
) {
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  return cycleRows.map((c) => {
    const rule = ruleOf.get(c.id);
    const summary = rule && streakSummary(rule.history, dateOf(c.endedAt));
    return {
      id: c.id,
      startDate: c.startDate,
      isActive: c.isActive,
      endedAt: iso(c.endedAt),
      checkins: c.checkinCount,
      mode: c.mode,
      pauses: pauseSpans(c.pausedDates),
      lastDate: summary?.lastDate ?? null,
      currentStreak: summary?.currentStreak ?? 0,
      longestStreak: summary?.longestStreak ?? 0,
      consistency: summary?.consistency ?? 0,
      days: (summary?.days ?? []).map((d) => ({ date: d.date, day: d.day, mark: d.mark })),
    };
  });
}

/** Each check-in with its post's media and its updates. */
function checkinsSection(rows: ActivityRows, media: MediaFiles) {
  const { checkinRows, postRows, postMediaRows, updateRows, updateMediaRows } = rows;
  const { postFileNames, updateFileNames } = media;
  const postByCheckin = new Map(postRows.filter((p) => p.checkinId).map((p) => [p.checkinId!, p]));
  return checkinRows.map((c) => {
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
}

function postsSection({ postRows, postMediaRows, crewNames }: ActivityRows, media: MediaFiles) {
  return postRows.map((p) => ({
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
      media.postFileNames,
      (m) => m.storagePath,
    ),
  }));
}

/** Progress photos (issue 46): each one's Day, date and pose, and its file in the ZIP. */
function progressPhotosSection(
  { checkinRows, postRows, postMediaRows }: ActivityRows,
  media: MediaFiles,
) {
  const checkinById = new Map(checkinRows.map((c) => [c.id, c]));
  const checkinOfPost = new Map(postRows.map((p) => [p.id, checkinById.get(p.checkinId ?? '')]));
  return postMediaRows.flatMap((m) => {
    const checkin = checkinOfPost.get(m.postId);
    if (!m.progressPose || !checkin) return [];
    return [
      {
        cycleId: checkin.cycleId,
        dayNumber: checkin.dayNumber,
        localDate: checkin.localDate,
        pose: m.progressPose,
        file: media.postFileNames.get(m.id) ?? null,
      },
    ];
  });
}

/** One row of checkins.csv per check-in day (the columns of csv.ts's header). */
function csvRows({ cycleRows }: ActivityRows, checkinsOut: ReturnType<typeof checkinsSection>) {
  const cycleStart = new Map(cycleRows.map((c) => [c.id, c.startDate]));
  return checkinsOut.map((c) => [
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
}
