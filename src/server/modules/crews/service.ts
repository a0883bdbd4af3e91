import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CREW_INVITE_DAYS,
  CREW_MAX_MEMBERS,
  CREWS_PER_MEMBER,
  DEFAULT_SETTINGS_TIMEZONE,
} from '@shared/constants';
import type {
  CrewBoardEntry,
  CrewDetail,
  CrewInviteLink,
  CrewInvitePreview,
  CrewJoined,
  CrewNudgeSent,
  CrewSummary,
  FeedPage,
  MyCrews,
  OkResponse,
} from '@shared/api-types';
import type { PostAudience } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { queryRows, type DbOrTx } from '../../db/client';
import { crewMembers, crewNudges, crews, posts, profiles, userSettings } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { crewNudgeMail } from '../../lib/mail-templates';
import { sendPush } from '../../lib/push';
import { enforce } from '../../lib/rate-limit';
import { sealer } from '../../lib/sealed';
import { hashToken, newToken } from '../../lib/tokens';
import { scoredCycles } from '../community/leaderboard';
import { invalidateFeedAfterCommit } from '../feed/cache';
import { selectFeedPage, withViewer } from '../feed/queries';
import { resolveAudience } from './audience';

// Crews (issue 30, decisions 0046-0047): every service is verb(ctx, input) and starts with
// requireMember. A crew the caller is not in reads as not found, whatever the reason (never was,
// left, removed, closed, forged id), so nothing tells a stranger a crew exists.

const DAY_MS = 86_400_000;
type CrewRow = typeof crews.$inferSelect;

const notFound = () => new AppError('not_found', msg.crewNotFound);

/** The invite token is kept sealed for the owner to copy again; the hash is what a link is looked up by. */
const inviteSealer = async (ctx: ServiceContext) =>
  sealer((await ctx.auth.$context).secret, 'crew invite v1');

/** The caller's open crews, with owner and member count. */
export async function listMyCrews(ctx: ServiceContext): Promise<MyCrews> {
  const member = requireMember(ctx);
  const rows = await queryRows(
    ctx.db,
    sql`select c.id, c.name, c.owner_id, c.created_at, op.display_name as owner_name,
          (select count(*)::int from crew_members x where x.crew_id = c.id) as member_count
        from crew_members m join crews c on c.id = m.crew_id
        left join profiles op on op.id = c.owner_id
        where m.user_id = ${member.userId} and c.closed_at is null
        order by m.joined_at, c.id`,
  );
  return { crews: rows.map((r) => summary(r, member.userId)), maxCrews: CREWS_PER_MEMBER };
}

/** A new crew, owned by its creator and with them as its first member (at most CREWS_PER_MEMBER). */
export async function createCrew(
  ctx: ServiceContext,
  input: { name: string },
): Promise<CrewSummary> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    await enforce(
      ctx.db,
      [{ key: `crew-create:${member.userId}`, max: 10, windowSeconds: 86_400 }],
      { now: ctx.now() },
    );
    await lockMember(ctx.db, member.userId);
    await assertRoomForAnotherCrew(ctx.db, member.userId);
    const now = ctx.now();
    const [crew] = await ctx.db
      .insert(crews)
      .values({ name: input.name, ownerId: member.userId, createdAt: now })
      .returning();
    await ctx.db
      .insert(crewMembers)
      .values({ crewId: crew.id, userId: member.userId, joinedAt: now });
    return {
      id: crew.id,
      name: crew.name,
      ownerId: member.userId,
      ownerName: member.displayName,
      isOwner: true,
      memberCount: 1,
      createdAt: crew.createdAt.toISOString(),
    };
  });
}

/** The crew page: the crew, its board sorted by consistency, and the live link for the owner. */
export async function getCrew(ctx: ServiceContext, input: { crewId: string }): Promise<CrewDetail> {
  const member = requireMember(ctx);
  const crew = await crewOf(ctx.db, input.crewId, member.userId);
  const [owner] = await ctx.db
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, crew.ownerId ?? ''));
  const board = await crewBoard(ctx, crew.id, member.userId);
  const isOwner = crew.ownerId === member.userId;
  return {
    crew: {
      id: crew.id,
      name: crew.name,
      ownerId: crew.ownerId,
      ownerName: owner?.name ?? null,
      isOwner,
      memberCount: board.length,
      createdAt: crew.createdAt.toISOString(),
    },
    maxMembers: CREW_MAX_MEMBERS,
    board,
    invite: isOwner ? await liveInvite(ctx, crew) : null,
  };
}

/** The owner renames the crew. */
export async function renameCrew(
  ctx: ServiceContext,
  input: { crewId: string; name: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const crew = await ownedCrew(ctx.db, input.crewId, member.userId);
    await ctx.db.update(crews).set({ name: input.name }).where(eq(crews.id, crew.id));
    invalidateFeedAfterCommit(ctx);
  });
  return { ok: true };
}

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

/**
 * A member leaves (userId is the caller), or the owner removes a member. A leaving owner hands the
 * crew to the longest-standing member; the last member leaving closes it. The posts the member
 * shared with the crew become theirs alone (decision 0046).
 */
export async function removeMember(
  ctx: ServiceContext,
  input: { crewId: string; userId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const crew = await crewOf(ctx.db, input.crewId, member.userId, { lock: true });
    if (input.userId !== member.userId) {
      assertOwner(crew, member.userId);
      const [target] = await ctx.db
        .select({ userId: crewMembers.userId })
        .from(crewMembers)
        .where(and(eq(crewMembers.crewId, crew.id), eq(crewMembers.userId, input.userId)));
      if (!target) throw new AppError('not_found', msg.crewNotAMember);
    }
    await leaveCrew(ctx, crew, input.userId);
  });
  return { ok: true };
}

/** The owner closes the crew: everyone leaves it, its link says it was closed. */
export async function closeCrew(
  ctx: ServiceContext,
  input: { crewId: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const crew = await ownedCrew(ctx.db, input.crewId, member.userId);
    await closeCrewNow(ctx, crew.id);
  });
  return { ok: true };
}

/** The crew feed: posts by its members for the community or for this crew, newest first. */
export async function crewFeed(
  ctx: ServiceContext,
  input: { crewId: string; cursor?: string },
): Promise<FeedPage> {
  const member = requireMember(ctx);
  const crew = await crewOf(ctx.db, input.crewId, member.userId);
  const page = await selectFeedPage(
    ctx.db,
    input.cursor,
    sql`p.user_id in (select m.user_id from crew_members m where m.crew_id = ${crew.id}::uuid)`,
    sql`(p.visibility = 'public' or (p.visibility = 'crew' and p.crew_id = ${crew.id}::uuid))`,
  );
  return {
    posts: await withViewer(ctx.db, member.userId, page.cards),
    nextCursor: page.nextCursor,
  };
}

/**
 * A nudge to a crewmate who has not checked in today (their day): at most one per pair and day,
 * by e-mail and push as the nudged member's nudge settings allow.
 */
export async function nudgeCrewmate(
  ctx: ServiceContext,
  input: { crewId: string; userId: string },
): Promise<CrewNudgeSent> {
  const member = requireMember(ctx);
  const crew = await crewOf(ctx.db, input.crewId, member.userId);
  if (input.userId === member.userId) throw new AppError('conflict', msg.crewCannotNudgeSelf);
  const [target] = await boardRows(ctx, crew.id, input.userId);
  if (!target) throw new AppError('not_found', msg.crewNotAMember);
  const name = String(target.display_name);
  if (target.checked_in_today) throw new AppError('conflict', msg.crewNudgeAlreadyCheckedIn(name));
  const [settings] = await ctx.db
    .select({ email: userSettings.emailNudges, push: userSettings.pushNudges })
    .from(userSettings)
    .where(eq(userSettings.userId, input.userId));
  if (!settings?.email && !settings?.push)
    throw new AppError('conflict', msg.crewNudgeNotWanted(name));
  const claimed = await ctx.db
    .insert(crewNudges)
    .values({
      fromUserId: member.userId,
      toUserId: input.userId,
      localDate: String(target.local_today),
      crewId: crew.id,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning({ to: crewNudges.toUserId });
  if (claimed.length === 0) throw new AppError('conflict', msg.crewNudgeAlreadySent(name));

  const day = target.current_day == null ? null : Number(target.current_day);
  if (settings.email) {
    await ctx.mailer.send(
      crewNudgeMail(
        {
          to: String(target.email),
          userId: input.userId,
          name: (target.first_name as string | null) || name,
          fromName: member.displayName,
          crewName: crew.name,
          day,
        },
        {
          publicUrl: ctx.config.publicUrl,
          unsubscribeUrl: ctx.mailer.unsubscribeUrl(input.userId),
        },
      ),
    );
  }
  if (settings.push) {
    await sendPush(ctx, input.userId, {
      title: msg.crewNudgeTitle(member.displayName, day),
      body: msg.crewNudgeLead(member.displayName, crew.name),
      url: '/app',
      tag: `crew-nudge-${String(target.local_today)}`,
    }).catch((error: unknown) => ctx.logger.warn({ err: error }, 'crew nudge push failed'));
  }
  return { message: msg.crewNudgeSent(name) };
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
  return {
    ok: !full,
    reason: full ? 'full' : null,
    message: full ? msg.crewFull : null,
    crew: {
      id: crew.id,
      name: crew.name,
      ownerName: (row.owner_name as string | null) ?? null,
      memberCount,
    },
    alreadyMember,
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
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from crew_members where crew_id = ${crew.id}::uuid`,
    );
    if (Number(n) >= CREW_MAX_MEMBERS) throw new AppError('conflict', msg.crewFull);
    await assertRoomForAnotherCrew(ctx.db, member.userId);
    await ctx.db
      .insert(crewMembers)
      .values({ crewId: crew.id, userId: member.userId, joinedAt: ctx.now() });
    return { crewId: crew.id };
  });
}

/** The author changes who sees their post (decision 0046). Anyone else's post reads as not found. */
export async function setPostAudience(
  ctx: ServiceContext,
  input: { postId: string; audience: PostAudience },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [post] = await ctx.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, input.postId), eq(posts.userId, member.userId)))
      .for('update');
    if (!post) throw new AppError('not_found', msg.postNotAvailable);
    const audience = await resolveAudience(ctx.db, member.userId, input.audience);
    await ctx.db.update(posts).set(audience).where(eq(posts.id, post.id));
    // The community feed's cached pages hold (or lack) this post.
    invalidateFeedAfterCommit(ctx);
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------
// Building blocks (no authorization): used above, by the admin's Crews screen and account deletion
// ---------------------------------------------------------------------------------------------------

/**
 * `userId` leaves `crew` (in the caller's transaction, crew row locked): their crew posts become
 * theirs alone; a leaving owner hands over to the longest-standing member; nobody left closes it.
 */
export async function leaveCrew(ctx: ServiceContext, crew: CrewRow, userId: string): Promise<void> {
  await ctx.db
    .delete(crewMembers)
    .where(and(eq(crewMembers.crewId, crew.id), eq(crewMembers.userId, userId)));
  await ctx.db
    .update(posts)
    .set({ visibility: 'private', crewId: null })
    .where(and(eq(posts.crewId, crew.id), eq(posts.userId, userId)));
  if (crew.ownerId !== userId) return;
  const [next] = await ctx.db
    .select({ userId: crewMembers.userId })
    .from(crewMembers)
    .where(eq(crewMembers.crewId, crew.id))
    .orderBy(asc(crewMembers.joinedAt), asc(crewMembers.userId))
    .limit(1);
  if (next) await ctx.db.update(crews).set({ ownerId: next.userId }).where(eq(crews.id, crew.id));
  else await closeCrewNow(ctx, crew.id);
}

/** Closes a crew (crew row locked by the caller): no members, its posts their authors' alone. */
export async function closeCrewNow(ctx: ServiceContext, crewId: string): Promise<void> {
  await ctx.db
    .update(posts)
    .set({ visibility: 'private', crewId: null })
    .where(eq(posts.crewId, crewId));
  await ctx.db.delete(crewMembers).where(eq(crewMembers.crewId, crewId));
  await ctx.db
    .update(crews)
    .set({ closedAt: ctx.now(), inviteTokenSealed: null, inviteExpiresAt: null })
    .where(and(eq(crews.id, crewId)));
}

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
async function crewOf(
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

function assertOwner(crew: CrewRow, userId: string): void {
  if (crew.ownerId !== userId) throw new AppError('forbidden', msg.crewOwnerOnly);
}

/** The crew locked for an owner's change: 404 unless `userId` is in it, 403 unless they own it. */
async function ownedCrew(db: DbOrTx, crewId: string, userId: string): Promise<CrewRow> {
  const crew = await crewOf(db, crewId, userId, { lock: true });
  assertOwner(crew, userId);
  return crew;
}

/** Serialises one member's joins and creations: the crew count below is then exact. */
async function lockMember(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
}

async function assertRoomForAnotherCrew(db: DbOrTx, userId: string): Promise<void> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crew_members m join crews c on c.id = m.crew_id
        where m.user_id = ${userId} and c.closed_at is null`,
  );
  if (Number(n) >= CREWS_PER_MEMBER) throw new AppError('conflict', msg.crewTooManyCrews);
}

async function crewByToken(
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

function linkState(crew: CrewRow | null, now: Date): 'dead' | 'closed' | null {
  if (!crew) return 'dead';
  if (crew.closedAt) return 'closed';
  if (!crew.inviteExpiresAt || crew.inviteExpiresAt.getTime() <= now.getTime()) return 'dead';
  return null;
}

async function liveInvite(ctx: ServiceContext, crew: CrewRow): Promise<CrewInviteLink | null> {
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

const inviteUrl = (ctx: ServiceContext, token: string) =>
  `${ctx.config.publicUrl}/crews/join/${token}`;

/** The board rows of a crew's members (or of one of them), with what a nudge needs. */
function boardRows(ctx: ServiceContext, crewId: string, onlyUserId?: string) {
  const now = ctx.now();
  const members = sql`(select m.user_id from crew_members m where m.crew_id = ${crewId}::uuid)`;
  return queryRows(
    ctx.db,
    sql`with ${scoredCycles(now, sql`c.user_id in ${members}`)}
      select m.user_id, m.joined_at, p.display_name, p.avatar_url, p.first_name, u.email,
             s.current_day, coalesce(s.consistency, 0) as consistency, coalesce(s.streak, 0) as streak,
             coalesce(s.last_day = s.current_day, false) as checked_in_today,
             (${now.toISOString()}::timestamptz at time zone coalesce(us.timezone, ${DEFAULT_SETTINGS_TIMEZONE}))::date::text as local_today
      from crew_members m
      join profiles p on p.id = m.user_id
      join "user" u on u.id = m.user_id
      left join user_settings us on us.user_id = m.user_id
      left join scored s on s.user_id = m.user_id
      where m.crew_id = ${crewId}::uuid ${onlyUserId ? sql`and m.user_id = ${onlyUserId}` : sql``}
      order by consistency desc, streak desc, m.joined_at, m.user_id`,
  );
}

async function crewBoard(
  ctx: ServiceContext,
  crewId: string,
  viewerId: string,
): Promise<CrewBoardEntry[]> {
  const [rows, crew, nudged] = await Promise.all([
    boardRows(ctx, crewId),
    ctx.db.select({ ownerId: crews.ownerId }).from(crews).where(eq(crews.id, crewId)),
    queryRows(
      ctx.db,
      sql`select to_user_id, local_date::text as local_date from crew_nudges
          where from_user_id = ${viewerId} and created_at > ${new Date(ctx.now().getTime() - 2 * DAY_MS).toISOString()}::timestamptz`,
    ),
  ]);
  const nudges = new Set(nudged.map((n) => `${String(n.to_user_id)}:${String(n.local_date)}`));
  return rows.map((r) => ({
    userId: String(r.user_id),
    displayName: String(r.display_name),
    avatarUrl: (r.avatar_url as string | null) ?? null,
    isOwner: String(r.user_id) === crew[0]?.ownerId,
    isMe: String(r.user_id) === viewerId,
    currentDay: r.current_day == null ? null : Number(r.current_day),
    checkedInToday: Boolean(r.checked_in_today),
    streak: Number(r.streak),
    consistency: Number(r.consistency),
    nudgedToday: nudges.has(`${String(r.user_id)}:${String(r.local_today)}`),
  }));
}

function summary(r: Record<string, unknown>, viewerId: string): CrewSummary {
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
