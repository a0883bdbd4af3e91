import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { INVITE_FREE_MONTHS, INVITES_PER_DAY } from '@shared/constants';
import type { InviteData } from '@shared/domain/schemas';
import type { InviteCheckResponse, OkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { invites, profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { buddyInviteMail } from '../../lib/mail-templates/account';
import { enforce, hit, refund, type Limit } from '../../lib/rate-limit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { grantFreeMonths } from '../subscription/grants';

const INVITE_VALID_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

const dailyInvites = (userId: string): Limit => ({
  key: `invite:user:${userId}`,
  max: INVITES_PER_DAY,
  windowSeconds: DAY_SECONDS,
});

/**
 * Invites a workout buddy: at most 10 sent invites per member per day (counted on the server, across
 * processes), an unguessable token whose hash is stored, and a mail with the link. An invite that
 * could not be mailed is removed and does not count against the 10.
 */
export async function createInvite(ctx: ServiceContext, input: InviteData): Promise<OkResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const limit = dailyInvites(member.userId);
  const counted = await hit(ctx.db, limit, now);
  if (!counted.allowed)
    throw new AppError('rate_limited', msg.inviteRateLimited, {
      reason: 'invite_rate_limited',
      retryAfter: counted.retryAfter,
    });
  // Anything that goes wrong from here gives the invite back: a failed invite spends none of the 10.
  let inviteId: string | null = null;
  try {
    const token = newToken();
    const [invite] = await ctx.db
      .insert(invites)
      .values({
        tokenHash: hashToken(token),
        inviterUserId: member.userId,
        email: input.email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_SECONDS * 1000),
        createdAt: now,
      })
      .returning({ id: invites.id });
    inviteId = invite.id;
    const sent = await ctx.mailer.send({
      ...buddyInviteMail(
        {
          to: input.email,
          inviterName: member.displayName,
          firstName: input.firstName,
          link: `${ctx.config.publicUrl}/invite/${token}`,
        },
        { publicUrl: ctx.config.publicUrl },
      ),
      userId: member.userId,
    });
    if (!sent.ok) throw new AppError('unavailable', msg.couldNotSendInvite);
  } catch (error) {
    if (inviteId) await ctx.db.delete(invites).where(eq(invites.id, inviteId));
    await refund(ctx.db, limit);
    if (error instanceof AppError) throw error;
    ctx.logger.error({ err: error }, 'invite failed');
    throw new AppError('unavailable', msg.couldNotSendInvite);
  }
  return { ok: true };
}

type InviteRow = typeof invites.$inferSelect;

async function findInvite(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ invite: invites, inviterName: profiles.displayName })
    .from(invites)
    .innerJoin(profiles, eq(profiles.id, invites.inviterUserId))
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

function inviteState(invite: InviteRow, now: Date): 'used' | 'expired' | null {
  if (invite.acceptedUserId || invite.acceptedAt) return 'used';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The invite landing page: who invited you and what you get. Anyone may ask, slowly. */
export async function checkInvite(
  ctx: ServiceContext,
  input: { token: string },
): Promise<InviteCheckResponse> {
  await enforce(
    ctx.db,
    [{ key: `invite-check:ip:${ctx.ip ?? 'unknown'}`, max: 60, windowSeconds: 600 }],
    { now: ctx.now() },
  );
  const row = await findInvite(ctx.db, input.token);
  if (!row) return { ok: false, inviterName: null, monthsFree: 0, reason: 'not_found' };
  const state = inviteState(row.invite, ctx.now());
  if (state) return { ok: false, inviterName: null, monthsFree: 0, reason: state };
  return { ok: true, inviterName: row.inviterName, monthsFree: INVITE_FREE_MONTHS, reason: null };
}

/**
 * The invitee finished sign-up through the link (a building block of the first verification, in its
 * transaction): the invite becomes theirs (they are now the inviter's buddy) and they get the free
 * month. Only the account created for the invited address, after the invite was sent, can accept it;
 * a used or expired invite, someone else's, or your own grants nothing.
 */
export async function acceptInvite(
  ctx: ServiceContext,
  input: { token?: string; userId: string },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const acceptable = and(
      isNull(invites.acceptedUserId),
      sql`${invites.expiresAt} > ${now.toISOString()}::timestamptz`,
      sql`${invites.inviterUserId} <> ${input.userId}`,
      sql`exists (select 1 from ${user} u where u.id = ${input.userId}
            and lower(u.email) = lower(${invites.email})
            and u.created_at >= ${invites.createdAt})`,
    );
    // The invite whose link was followed; without a link, the newest one sent to this address.
    const [candidate] = await ctx.db
      .select({ id: invites.id })
      .from(invites)
      .where(
        and(acceptable, input.token ? eq(invites.tokenHash, hashToken(input.token)) : undefined),
      )
      .orderBy(desc(invites.createdAt))
      .limit(1);
    if (!candidate) return 0;
    const [accepted] = await ctx.db
      .update(invites)
      .set({ acceptedUserId: input.userId, acceptedAt: now })
      .where(and(eq(invites.id, candidate.id), isNull(invites.acceptedUserId)))
      .returning({ id: invites.id });
    if (!accepted) return 0;
    await grantFreeMonths(ctx, {
      userId: input.userId,
      months: INVITE_FREE_MONTHS,
      reason: 'invite',
    });
    return INVITE_FREE_MONTHS;
  });
}
