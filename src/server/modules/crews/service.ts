import { and, asc, eq, sql } from 'drizzle-orm';
import { CREW_MAX_MEMBERS, CREWS_PER_MEMBER } from '@shared/constants';
import { greetingName } from '@shared/domain/display';
import type {
  CrewDetail,
  CrewNudgeSent,
  CrewSummary,
  FeedPage,
  MyCrews,
  OkResponse,
} from '@shared/api-types';
import type { PostAudience } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { crewMembers, crewNudges, crews, posts, profiles, userSettings } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { runWithLocale } from '../../lib/locale';
import { crewNudgeMail } from '../../lib/mail-templates/nudges';
import { sendPush } from '../../lib/push';
import { enforce } from '../../lib/rate-limit';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { selectFeedPage } from '../../queries/feed';
import { withViewer } from '../../queries/feed-viewer';
import { resolveAudience } from '../../queries/audience';
import {
  type CrewRow,
  assertOwner,
  assertRoomForAnotherCrew,
  closeCrewNow,
  crewOf,
  lockMember,
  notFound,
  ownedCrew,
  summary,
} from '../../queries/crew-rows';
import { keepOutOfLiveLink, liveInvite } from './invite-links';
import { boardLineOf, crewWithBoard } from './crew-board';
import { pagePath } from '@shared/pages';
// Crews (issue 30, decisions 0046-0047): every service is verb(ctx, input) and starts with
// requireMember. A crew the caller is not in reads as not found, whatever the reason (never was,
// left, removed, closed, forged id), so nothing tells a stranger a crew exists.

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
  const found = await crewWithBoard(ctx, input.crewId, member.userId);
  if (!found) throw notFound();
  const { crew, board } = found;
  const isOwner = crew.ownerId === member.userId;
  const invite = isOwner ? await liveInvite(ctx, crew) : null;
  return {
    crew: {
      id: crew.id,
      name: crew.name,
      ownerId: crew.ownerId,
      // The owner is always one of the members (a leaving owner hands the crew over).
      ownerName: board.find((entry) => entry.isOwner)?.displayName ?? null,
      isOwner,
      memberCount: board.length,
      createdAt: crew.createdAt.toISOString(),
    },
    maxMembers: CREW_MAX_MEMBERS,
    board,
    invite,
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

/**
 * A member leaves (userId is the caller), or the owner removes a member, who then cannot rejoin
 * through the link that was live (decision 0094). A leaving owner hands the crew to the
 * longest-standing member; the last member leaving closes it. The posts the member shared with the
 * crew become theirs alone (decision 0046).
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
      // Removed, not left: the crew's live link does not let them straight back (decision 0094).
      await keepOutOfLiveLink(ctx, crew, input.userId);
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
    await closeCrewNow(ctx.db, crew.id, ctx.now());
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
 * A nudge to a crewmate who has not checked in today (their day) and still can: at most one per
 * pair and day, by e-mail and push as the nudged member's nudge settings allow.
 */
export async function nudgeCrewmate(
  ctx: ServiceContext,
  input: { crewId: string; userId: string },
): Promise<CrewNudgeSent> {
  const member = requireMember(ctx);
  const crew = await crewOf(ctx.db, input.crewId, member.userId);
  if (input.userId === member.userId) throw new AppError('conflict', msg.crewCannotNudgeSelf);
  const target = await boardLineOf(ctx, crew.id, input.userId);
  if (!target) throw new AppError('not_found', msg.crewNotAMember);
  const name = String(target.display_name);
  if (target.today_state === 'checked-in')
    throw new AppError('conflict', msg.crewNudgeAlreadyCheckedIn(name));
  // Past Day 90, or a new cycle that starts tomorrow: no check-in to nudge them to (issue 41).
  if (target.today_state !== 'open')
    throw new AppError('conflict', msg.crewNudgeNoCheckinToday(name));
  const [settings] = await ctx.db
    .select({
      email: userSettings.emailNudges,
      push: userSettings.pushNudges,
      language: profiles.language,
    })
    .from(userSettings)
    .leftJoin(profiles, eq(profiles.id, userSettings.userId))
    .where(eq(userSettings.userId, input.userId));
  if (!settings?.email && !settings?.push)
    throw new AppError('conflict', msg.crewNudgeNotSent(name));
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
  // The nudged member reads it in their language, the sender's answer stays in the sender's (0119).
  await runWithLocale(settings.language, async () => {
    if (settings.email) {
      await ctx.mailer.send(
        crewNudgeMail(
          {
            to: String(target.email),
            userId: input.userId,
            name: greetingName(target.first_name as string | null, name),
            fromName: member.displayName,
            crewName: crew.name,
            day,
          },
          ctx.mailer.nudgeLinks(input.userId),
        ),
      );
    }
    if (settings.push) {
      await sendPush(ctx, input.userId, {
        title: msg.crewNudgeTitle(member.displayName, day),
        body: msg.crewNudgeLead(member.displayName, crew.name),
        url: pagePath('app-home'),
        tag: `crew-nudge-${String(target.local_today)}`,
      }).catch((error: unknown) => ctx.logger.warn({ err: error }, 'crew nudge push failed'));
    }
  });
  return { message: msg.crewNudgeSent(name) };
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
    // A crew the post had left is forgotten: the author has chosen again (decision 0093).
    await ctx.db
      .update(posts)
      .set({ visibility: audience.visibility, crewId: audience.crewId, leftCrewId: null })
      .where(eq(posts.id, post.id));
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
 * theirs alone, naming the crew they left (decision 0093); a leaving owner hands over to the
 * longest-standing member; nobody left closes it.
 */
export async function leaveCrew(ctx: ServiceContext, crew: CrewRow, userId: string): Promise<void> {
  await ctx.db
    .delete(crewMembers)
    .where(and(eq(crewMembers.crewId, crew.id), eq(crewMembers.userId, userId)));
  await ctx.db
    .update(posts)
    .set({ visibility: 'private', crewId: null, leftCrewId: crew.id })
    .where(and(eq(posts.crewId, crew.id), eq(posts.userId, userId)));
  if (crew.ownerId !== userId) return;
  const [next] = await ctx.db
    .select({ userId: crewMembers.userId })
    .from(crewMembers)
    .where(eq(crewMembers.crewId, crew.id))
    .orderBy(asc(crewMembers.joinedAt), asc(crewMembers.userId))
    .limit(1);
  if (next) await ctx.db.update(crews).set({ ownerId: next.userId }).where(eq(crews.id, crew.id));
  else await closeCrewNow(ctx.db, crew.id, ctx.now());
}
