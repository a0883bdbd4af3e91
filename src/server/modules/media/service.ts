import { inArray, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { checkinUpdateMedia, checkinUpdates, postMedia, posts } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { assertValidKey, InvalidKeyError, thumbKeyFor } from '../../lib/storage';

export interface MediaAccess {
  /** The storage key to serve. */
  key: string;
  /**
   * `community`: the file of a public post that is not hidden, which every member may see.
   * `restricted`: seen only because the caller owns it or is an admin.
   */
  audience: 'community' | 'restricted';
}

/** The suffix ingest gives a thumbnail, next to the image `<stem>.webp` it was made from. */
const THUMB_SUFFIX = '.thumb.webp';

/**
 * May the caller load the stored file at `key`? The key is looked up in the media rows (a path
 * that names no row is refused, whatever it looks like), and the file is served where its post can
 * be seen: to its owner, to admins, to every member when the post is public and not hidden, and to
 * the members of its crew when it is shared with a crew (decision 0046). A progress photo is served
 * to its owner alone (decision 0109).
 * A check-in's media belong to its post; an update's media belong to the post of the update's
 * check-in. Everything else, including a file whose row is not written yet or was deleted, is a
 * 404 rather than a 403, so a member cannot learn that a hidden file exists.
 */
export async function mediaAccess(ctx: ServiceContext, key: string): Promise<MediaAccess> {
  const member = requireMember(ctx);
  try {
    assertValidKey(key);
  } catch (error) {
    if (error instanceof InvalidKeyError) throw notFound();
    throw error;
  }
  // A thumbnail has no row of its own: it is allowed exactly when its image is.
  const candidates = [key];
  if (key.endsWith(THUMB_SUFFIX)) candidates.push(`${key.slice(0, -THUMB_SUFFIX.length)}.webp`);

  // Whether the caller is in the crew the post is shared with (false for any other audience).
  const crewMember = sql`(${posts.visibility} = 'crew' and exists (
      select 1 from crew_members vm where vm.crew_id = ${posts.crewId} and vm.user_id = ${member.userId}))`;
  const rows = await queryRows<{
    storage_path: string;
    media_type: string;
    owner_id: string;
    visibility: string | null;
    is_hidden: boolean | null;
    crew_member: boolean | null;
    progress_pose: string | null;
  }>(
    ctx.db,
    sql`
      select ${postMedia.storagePath} as storage_path, ${postMedia.mediaType} as media_type,
             ${posts.userId} as owner_id, ${posts.visibility} as visibility,
             ${posts.isHidden} as is_hidden, ${crewMember} as crew_member,
             ${postMedia.progressPose} as progress_pose
        from ${postMedia} join ${posts} on ${posts.id} = ${postMedia.postId}
       where ${inArray(postMedia.storagePath, candidates)}
      union all
      select ${checkinUpdateMedia.storagePath}, ${checkinUpdateMedia.mediaType},
             ${checkinUpdates.userId}, ${posts.visibility}, ${posts.isHidden}, ${crewMember},
             null
        from ${checkinUpdateMedia}
        join ${checkinUpdates} on ${checkinUpdates.id} = ${checkinUpdateMedia.updateId}
        left join ${posts} on ${posts.checkinId} = ${checkinUpdates.checkinId}
       where ${inArray(checkinUpdateMedia.storagePath, candidates)}
    `,
  );

  let restricted = false;
  for (const row of rows) {
    const isThisFile =
      row.storage_path === key ||
      (row.media_type === 'image' && thumbKeyFor(row.storage_path) === key);
    if (!isThisFile) continue;
    // A progress photo is its owner's alone, whoever sees its post; admins and crewmates
    // included (decision 0109). The same file named by a post its owner shared follows that post.
    if (row.progress_pose !== null) {
      if (row.owner_id === member.userId) restricted = true;
      continue;
    }
    if (row.visibility === 'public' && row.is_hidden === false) {
      return { key, audience: 'community' };
    }
    if (row.owner_id === member.userId || ctx.actor.kind === 'admin') restricted = true;
    // A crew's post: its members see its files, never cached for long (decision 0046).
    if (row.visibility === 'crew' && row.is_hidden === false && row.crew_member) restricted = true;
  }
  if (restricted) return { key, audience: 'restricted' };
  throw notFound();
}

function notFound(): AppError {
  return new AppError('not_found', msg.notFound);
}
