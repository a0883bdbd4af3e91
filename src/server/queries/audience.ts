import { sql, type SQL } from 'drizzle-orm';
import type { PostAudience, PostAudienceView } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';

// Who sees a post (decision 0046): building blocks over `db`, no authorization of their own. Every
// place that shows a post, its comments or its files asks `postVisibleTo`; every place that sets an
// audience asks `resolveAudience`.

/** How an audience is stored on a post. */
export interface StoredAudience {
  visibility: 'public' | 'crew' | 'private';
  crewId: string | null;
  /** The crew's name, for a crew (what the author sees it as). */
  crewName?: string;
}

/**
 * The audience `authorId` chose, checked: a crew must be one the author is in now (and so open;
 * closed crews have no members). A crew id that is not theirs, forged or gone, is refused with the
 * same words, so the answer never tells whether the crew exists.
 */
export async function resolveAudience(
  db: DbOrTx,
  authorId: string,
  audience: PostAudience | undefined,
): Promise<StoredAudience> {
  const stored = storedAudience(audience);
  if (!stored.crewId) return stored;
  const [crew] = await queryRows<{ name: string }>(
    db,
    sql`select ${authorsOpenCrewName(sql`${stored.crewId}::uuid`, sql`${authorId}`)} as name`,
  );
  if (!crew?.name) throw audienceCrewNotYours();
  return { ...stored, crewName: crew.name };
}

/** How `audience` is stored, before its crew is checked (`resolveAudience` checks it). */
export function storedAudience(audience: PostAudience | undefined): StoredAudience {
  if (!audience || audience.kind === 'community') return { visibility: 'public', crewId: null };
  if (audience.kind === 'only_me') return { visibility: 'private', crewId: null };
  return { visibility: 'crew', crewId: audience.crewId };
}

/**
 * The name of crew `crewId` if `authorId` is one of its members now (so it is open; closed crews
 * have no members), else null: the check `resolveAudience` makes, as SQL for a statement that makes
 * it itself (a check-in's, decision 0131).
 */
export function authorsOpenCrewName(crewId: SQL, authorId: SQL): SQL {
  return sql`(select c.name from crew_members m join crews c on c.id = m.crew_id
    where m.crew_id = ${crewId} and m.user_id = ${authorId} and c.closed_at is null)`;
}

/** The refusal of a crew the author is not in, forged or gone: the same words either way. */
export function audienceCrewNotYours(): AppError {
  return new AppError('validation_failed', msg.audienceCrewNotYours, {
    fields: { audience: msg.audienceCrewNotYours },
  });
}

/**
 * True for a post `viewerId` may see, as SQL over the posts row named `alias`: not hidden, and public,
 * or the viewer's own, or shared with a crew the viewer is in now.
 */
export function postVisibleTo(viewerId: string, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(not ${p}.is_hidden and (
    ${p}.visibility = 'public' or ${p}.user_id = ${viewerId}
    or (${p}.visibility = 'crew' and exists (
      select 1 from crew_members vm where vm.crew_id = ${p}.crew_id and vm.user_id = ${viewerId}))
  ))`;
}

/** A post's stored audience as readers see it. */
export function audienceView(row: {
  visibility?: unknown;
  crew_id?: unknown;
  crew_name?: unknown;
  /** For an only-me post that was a crew's (decision 0093): `{ name, closed }` of that crew. */
  left_crew?: unknown;
}): PostAudienceView {
  if (row.visibility === 'crew' && row.crew_id)
    return { kind: 'crew', crewId: String(row.crew_id), crewName: String(row.crew_name ?? '') };
  if (row.visibility !== 'private') return { kind: 'community' };
  const left = row.left_crew as { name?: unknown; closed?: unknown } | null | undefined;
  return left
    ? { kind: 'only_me', leftCrew: { crewName: String(left.name), closed: Boolean(left.closed) } }
    : { kind: 'only_me' };
}

/**
 * The `left_crew` column `audienceView` reads, as SQL over the posts row named `alias`: the crew an
 * only-me post was shared with before its author left it or it closed, or null.
 */
export function leftCrewSql(alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(select json_build_object('name', lc.name, 'closed', lc.closed_at is not null)
    from crews lc where lc.id = ${p}.left_crew_id)`;
}
