import type { DbOrTx } from '../../../db/client';
import { audienceView } from '../../crews/audience';
import { iso } from './export-values';
import { mediaFiles, readActivityRows, type ActivityRows, type MediaFiles } from './checkin-rows';

// The export's check-in sections, one shaper each over the rows they share: crews, cycles,
// check-ins with their updates, posts; and the rows of checkins.csv.

/** Crews, cycles, check-ins with their updates, posts; their media files; the CSV rows. */
export async function readCheckinSections(db: DbOrTx, userId: string) {
  const rows = await readActivityRows(db, userId);
  const media = mediaFiles(rows);
  const checkinsOut = checkinsSection(rows, media);
  const sections = {
    crews: crewsSection(rows, userId),
    cycles: cyclesSection(rows),
    checkins: checkinsOut,
    posts: postsSection(rows, media),
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

function cyclesSection({ cycleRows }: ActivityRows) {
  return cycleRows.map((c) => ({
    id: c.id,
    startDate: c.startDate,
    isActive: c.isActive,
    endedAt: iso(c.endedAt),
    checkins: c.checkinCount,
  }));
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
