import { and, asc, eq, sql } from 'drizzle-orm';
import { CREWS_PER_MEMBER } from '@shared/constants';
import type { CrewSummary } from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../db/client';
import { crewMembers, crews, posts, profiles } from '../db/schema';
import { AppError } from '../lib/errors';

// A crew's rows as every crew verb reads them: the caller's crews, the crew they may act on (a crew
// they are not in reads as not found), the owner's checks and the limits' locks.

export const DAY_MS = 86_400_000;

export type CrewRow = typeof crews.$inferSelect;

export const notFound = () => new AppError('not_found', msg.crewNotFound);

/** Every open crew `userId` is in, locked, for account deletion to leave them one by one. */
export async function crewsOf(db: DbOrTx, userId: string): Promise<CrewRow[]> {
  return db
    .select({ crew: crews })
    .from(crews)
    .innerJoin(crewMembers, eq(crewMembers.crewId, crews.id))
    .where(eq(crewMembers.userId, userId))
    .orderBy(asc(crews.id))
    .for('update', { of: crews })
    .then((rows) => rows.map((r) => r.crew));
}

// ---------------------------------------------------------------------------------------------------
// Private steps
// ---------------------------------------------------------------------------------------------------

/** The open crew `crewId` with `userId` among its members, or not found. */
export async function crewOf(
  db: DbOrTx,
  crewId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CrewRow> {
  const query = db
    .select({ crew: crews })
    .from(crews)
    .innerJoin(crewMembers, and(eq(crewMembers.crewId, crews.id), eq(crewMembers.userId, userId)))
    .where(and(eq(crews.id, crewId), sql`${crews.closedAt} is null`));
  const [row] = options.lock ? await query.for('update', { of: crews }) : await query;
  if (!row) throw notFound();
  return row.crew;
}

export function assertOwner(crew: CrewRow, userId: string): void {
  if (crew.ownerId !== userId) throw new AppError('forbidden', msg.crewOwnerOnly);
}

/** The crew locked for an owner's change: 404 unless `userId` is in it, 403 unless they own it. */
export async function ownedCrew(db: DbOrTx, crewId: string, userId: string): Promise<CrewRow> {
  const crew = await crewOf(db, crewId, userId, { lock: true });
  assertOwner(crew, userId);
  return crew;
}

/** Serialises one member's joins and creations: the crew count below is then exact. */
export async function lockMember(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
}

export async function assertRoomForAnotherCrew(db: DbOrTx, userId: string): Promise<void> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crew_members m join crews c on c.id = m.crew_id
        where m.user_id = ${userId} and c.closed_at is null`,
  );
  if (Number(n) >= CREWS_PER_MEMBER) throw new AppError('conflict', msg.crewTooManyCrews);
}

export function summary(r: Record<string, unknown>, viewerId: string): CrewSummary {
  return {
    id: String(r.id),
    name: String(r.name),
    ownerId: (r.owner_id as string | null) ?? null,
    ownerName: (r.owner_name as string | null) ?? null,
    isOwner: r.owner_id === viewerId,
    memberCount: Number(r.member_count),
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

/**
 * Closes a crew (crew row locked by the caller): no members, its posts their authors' alone, naming
 * the crew (decision 0093).
 */
export async function closeCrewNow(db: DbOrTx, crewId: string, now: Date): Promise<void> {
  await db
    .update(posts)
    .set({ visibility: 'private', crewId: null, leftCrewId: crewId })
    .where(eq(posts.crewId, crewId));
  await db.delete(crewMembers).where(eq(crewMembers.crewId, crewId));
  await db
    .update(crews)
    .set({ closedAt: now, inviteTokenSealed: null, inviteExpiresAt: null })
    .where(and(eq(crews.id, crewId)));
}
