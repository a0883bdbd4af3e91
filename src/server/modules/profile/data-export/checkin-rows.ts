import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  crewMembers,
  crews,
  cycles,
  postMedia,
  posts,
} from '../../../db/schema';
import { extension, isStoredKey, type ExportFile } from './export-values';

// The rows the check-in sections share (crews, cycles, check-ins, updates, posts and their media),
// read once, and where each stored file of a post or an update goes in the ZIP.

/** The rows of the check-in sections, read. */
export async function readActivityRows(db: DbOrTx, userId: string) {
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

export type ActivityRows = Awaited<ReturnType<typeof readActivityRows>>;

/** Where each stored file of a post or an update goes in the ZIP. */
export function mediaFiles(rows: ActivityRows) {
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

export type MediaFiles = ReturnType<typeof mediaFiles>;
