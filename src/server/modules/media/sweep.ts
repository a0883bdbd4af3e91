import { gt, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { user } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { thumbKeyFor } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { avatarKeyFromUrl } from '../../queries/media-urls';

// The storage sweep (decision 0042): member by member, the objects in their folder against the rows
// that name them. An object no row names (and no queued deletion) is an orphan once it is older than
// an upload can take to be recorded; a row whose object is gone is reported, never changed.

export interface StorageSweepReport {
  members: number;
  objects: number;
  /** Objects no row names, older than the grace; queued for deletion when `remove`. */
  orphans: string[];
  /** Keys rows name that storage does not hold. */
  missing: string[];
}

/** An upload is recorded well within this after its object is written. */
const GRACE_MS = 60 * 60_000;
const MEMBERS_PER_PAGE = 200;

export async function sweepStorage(
  ctx: ServiceContext,
  options: { remove?: boolean; graceMs?: number } = {},
): Promise<StorageSweepReport> {
  const before = ctx.now().getTime() - (options.graceMs ?? GRACE_MS);
  const report: StorageSweepReport = { members: 0, objects: 0, orphans: [], missing: [] };
  let after = '';
  for (;;) {
    const page = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(gt(user.id, after))
      .orderBy(user.id)
      .limit(MEMBERS_PER_PAGE);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    for (const { id } of page) {
      const found = await sweepMember(ctx, id, before);
      report.members += 1;
      report.objects += found.objects;
      report.orphans.push(...found.orphans);
      report.missing.push(...found.missing);
    }
  }
  if (options.remove && report.orphans.length)
    await queueStorageDeletions(
      ctx,
      report.orphans.map((key) => ({ key, reason: 'sweep' as const })),
    );
  ctx.logger[report.orphans.length || report.missing.length ? 'warn' : 'info'](
    {
      members: report.members,
      objects: report.objects,
      orphans: report.orphans.length,
      missing: report.missing.length,
      removed: Boolean(options.remove),
    },
    'storage sweep',
  );
  return report;
}

async function sweepMember(ctx: ServiceContext, userId: string, before: number) {
  const rows = await queryRows<{ path: string; type: string }>(
    ctx.db,
    sql`select m.storage_path as path, m.media_type as type
          from post_media m join posts p on p.id = m.post_id where p.user_id = ${userId}
        union all
        select m.storage_path, m.media_type
          from checkin_update_media m join checkin_updates u on u.id = m.update_id
          where u.user_id = ${userId}
        union all
        select avatar_url, 'avatar' from profiles where id = ${userId} and avatar_url is not null
        union all
        select key, 'queued' from storage_deletions
          where key like ${`u/${userId}/%`} or key = ${`u/${userId}`}`,
  );
  // What the rows name (a photo's thumbnail too), and what is already queued for deletion.
  const expected = new Set<string>();
  const queued = new Set<string>();
  const queuedFolders: string[] = [];
  for (const row of rows) {
    if (row.type === 'avatar') {
      const key = avatarKeyFromUrl(row.path);
      if (key) expected.add(key);
    } else if (row.type === 'queued') {
      queued.add(row.path);
      queuedFolders.push(`${row.path}/`);
    } else if (!/^https?:\/\//i.test(row.path)) {
      expected.add(row.path);
      if (row.type === 'image') expected.add(thumbKeyFor(row.path));
    }
  }
  const listed = await ctx.storage.list(`u/${userId}`);
  const held = new Set(listed.map((entry) => entry.key));
  const orphans = listed
    .filter(
      (entry) =>
        !expected.has(entry.key) &&
        !queued.has(entry.key) &&
        !queuedFolders.some((folder) => entry.key.startsWith(folder)) &&
        entry.lastModified.getTime() < before,
    )
    .map((entry) => entry.key);
  const missing = [...expected].filter((key) => !held.has(key));
  return { objects: listed.length, orphans, missing };
}
