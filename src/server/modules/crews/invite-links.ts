import { and, eq, sql } from 'drizzle-orm';
import { CREW_INVITE_DAYS, CREW_MAX_MEMBERS } from '@shared/constants';
import type { CrewInviteLink, CrewInvitePreview, CrewJoined, OkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../../db/client';
import { crewMembers, crewRemovals, crews } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { sealer } from '../../lib/sealed';
import { hashToken, newToken } from '../../lib/tokens';
import {
  DAY_MS,
  type CrewRow,
  assertRoomForAnotherCrew,
  lockMember,
  ownedCrew,
} from '../../queries/crew-rows';
import { crewCycleForInvite } from '../crew-cycles/invite';

// A crew's invite link (decision 0047): one live link per crew, made and revoked by its owner, previewed
// and joined by whoever holds it, while the crew has room and the link has not expired.

/** The invite token is kept sealed for the owner to copy again; the hash is what a link is looked up by. */
export const inviteSealer = async (ctx: ServiceContext) => sealer(ctx.secret, 'crew invite v1');

/** The owner makes a new invite link, valid CREW_INVITE_DAYS: the old one stops working. */
export async function newInviteLink(
  ctx: ServiceContext,
  input: { crewId: string },
): Promise<CrewInviteLink> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const crew = await ownedCrew(ctx.db, input.crewId, member.userId);
    const token = newToken();
    const expiresAt = new Date(ctx.now().getTime() + CREW_INVITE_DAYS * DAY_MS);
    await ctx.db
      .update(crews)
      .set({
        inviteTokenHash: hashToken(token),
        inviteTokenSealed: (await inviteSealer(ctx)).seal(token),
        inviteExpiresAt: expiresAt,
      })
      .where(eq(crews.id, crew.id));
    return { url: inviteUrl(ctx, token), expiresAt: expiresAt.toISOString() };
  });
}

/** The owner revokes the live link: nobody joins through it any more. */
export async function revokeInviteLink(
  ctx: ServiceContext,
  input: { crewId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const crew = await ownedCrew(ctx.db, input.crewId, member.userId);
    await ctx.db
      .update(crews)
      .set({ inviteTokenHash: null, inviteTokenSealed: null, inviteExpiresAt: null })
      .where(eq(crews.id, crew.id));
  });
  return { ok: true };
}

/** What an invite link leads to, for a signed-in member (60 looks per 10 minutes). */
export async function previewInvite(
  ctx: ServiceContext,
  input: { token: string },
): Promise<CrewInvitePreview> {
  const member = requireMember(ctx);
  await enforce(
    ctx.db,
    [{ key: `crew-invite-check:${member.userId}`, max: 60, windowSeconds: 600 }],
    { now: ctx.now() },
  );
  const crew = await crewByToken(ctx.db, input.token);
  const state = linkState(crew, ctx.now());
  if (!crew || state === 'dead' || state === 'closed') {
    return {
      ok: false,
      reason: state,
      message: state === 'closed' ? msg.crewClosed : msg.crewLinkDead,
      crew: null,
      alreadyMember: false,
    };
  }
  if (await removedFromLink(ctx.db, crew, member.userId)) {
    return {
      ok: false,
      reason: 'removed',
      message: msg.crewRemovedFromLink,
      crew: null,
      alreadyMember: false,
    };
  }
  const [row] = await queryRows(
    ctx.db,
    sql`select op.display_name as owner_name,
          (select count(*)::int from crew_members x where x.crew_id = ${crew.id}::uuid) as member_count,
          exists (select 1 from crew_members x where x.crew_id = ${crew.id}::uuid and x.user_id = ${member.userId}) as mine
        from crews c left join profiles op on op.id = c.owner_id where c.id = ${crew.id}::uuid`,
  );
  const memberCount = Number(row.member_count);
  const alreadyMember = Boolean(row.mine);
  const full = memberCount >= CREW_MAX_MEMBERS && !alreadyMember;
  // A running crew cycle takes new members until the end of its Day 3 (issue 44).
  const cycle = await crewCycleForInvite(ctx, { crewId: crew.id, userId: member.userId });
  const cycleClosed = !alreadyMember && !full && cycle?.closed === true && cycle.next === null;
  return {
    ok: !full && !cycleClosed,
    reason: full ? 'full' : cycleClosed ? 'cycle-closed' : null,
    message: full ? msg.crewFull : cycleClosed ? msg.crewCycleWindowClosed : null,
    crew: {
      id: crew.id,
      name: crew.name,
      ownerName: (row.owner_name as string | null) ?? null,
      memberCount,
    },
    alreadyMember,
    cycle,
  };
}

/**
 * Joins the crew through its live link. The crew row is locked, then the member's own row, so any
 * number of members joining at once never make more than CREW_MAX_MEMBERS, and one member joining
 * several crews at once never passes CREWS_PER_MEMBER (decision 0047).
 */
export async function joinByInvite(
  ctx: ServiceContext,
  input: { token: string },
): Promise<CrewJoined> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    await enforce(ctx.db, [{ key: `crew-join:${member.userId}`, max: 30, windowSeconds: 3600 }], {
      now: ctx.now(),
    });
    const crew = await crewByToken(ctx.db, input.token, { lock: true });
    const state = linkState(crew, ctx.now());
    if (!crew || state === 'dead') throw new AppError('not_found', msg.crewLinkDead);
    if (state === 'closed') throw new AppError('conflict', msg.crewClosed);
    await lockMember(ctx.db, member.userId);
    const [already] = await ctx.db
      .select({ userId: crewMembers.userId })
      .from(crewMembers)
      .where(and(eq(crewMembers.crewId, crew.id), eq(crewMembers.userId, member.userId)));
    if (already) return { crewId: crew.id };
    if (await removedFromLink(ctx.db, crew, member.userId))
      throw new AppError('forbidden', msg.crewRemovedFromLink);
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from crew_members where crew_id = ${crew.id}::uuid`,
    );
    if (Number(n) >= CREW_MAX_MEMBERS) throw new AppError('conflict', msg.crewFull);
    const cycle = await crewCycleForInvite(ctx, { crewId: crew.id, userId: member.userId });
    if (cycle?.closed && !cycle.next) throw new AppError('conflict', msg.crewCycleWindowClosed);
    await assertRoomForAnotherCrew(ctx.db, member.userId);
    await ctx.db
      .insert(crewMembers)
      .values({ crewId: crew.id, userId: member.userId, joinedAt: ctx.now() });
    return { crewId: crew.id };
  });
}

/**
 * The owner removed `userId` (crew row locked): the crew's live link no longer lets them in; a new
 * link does (decision 0094). Without a live link there is nothing to keep them out of.
 */
export async function keepOutOfLiveLink(
  ctx: ServiceContext,
  crew: CrewRow,
  userId: string,
): Promise<void> {
  if (!crew.inviteTokenHash) return;
  await ctx.db
    .insert(crewRemovals)
    .values({
      crewId: crew.id,
      userId,
      inviteTokenHash: crew.inviteTokenHash,
      removedAt: ctx.now(),
    })
    .onConflictDoUpdate({
      target: [crewRemovals.crewId, crewRemovals.userId],
      set: { inviteTokenHash: crew.inviteTokenHash, removedAt: ctx.now() },
    });
}

/** Whether the owner removed `userId` while this crew's present link was live. */
async function removedFromLink(db: DbOrTx, crew: CrewRow, userId: string): Promise<boolean> {
  if (!crew.inviteTokenHash) return false;
  const [row] = await db
    .select({ userId: crewRemovals.userId })
    .from(crewRemovals)
    .where(
      and(
        eq(crewRemovals.crewId, crew.id),
        eq(crewRemovals.userId, userId),
        eq(crewRemovals.inviteTokenHash, crew.inviteTokenHash),
      ),
    );
  return row !== undefined;
}

export async function crewByToken(
  db: DbOrTx,
  token: string,
  options: { lock?: boolean } = {},
): Promise<CrewRow | null> {
  const query = db
    .select()
    .from(crews)
    .where(eq(crews.inviteTokenHash, hashToken(token)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export function linkState(crew: CrewRow | null, now: Date): 'dead' | 'closed' | null {
  if (!crew) return 'dead';
  if (crew.closedAt) return 'closed';
  if (!crew.inviteExpiresAt || crew.inviteExpiresAt.getTime() <= now.getTime()) return 'dead';
  return null;
}

export async function liveInvite(
  ctx: ServiceContext,
  crew: CrewRow,
): Promise<CrewInviteLink | null> {
  if (!crew.inviteTokenSealed || !crew.inviteExpiresAt) return null;
  if (crew.inviteExpiresAt.getTime() <= ctx.now().getTime()) return null;
  try {
    const token = (await inviteSealer(ctx)).unseal(crew.inviteTokenSealed);
    return { url: inviteUrl(ctx, token), expiresAt: crew.inviteExpiresAt.toISOString() };
  } catch {
    // Sealed under another AUTH_SECRET: the owner makes a new link.
    return null;
  }
}

export const inviteUrl = (ctx: ServiceContext, token: string) =>
  `${ctx.config.publicUrl}/crews/join/${token}`;
