import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { INVITE_FREE_MONTHS, INVITES_PER_DAY, PRODUCT_NAME, TAGLINE } from '@shared/constants';
import type { InviteData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { invites, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { MailMessage, Mailer } from '../../lib/mail';
import { hit } from '../../lib/rate-limit';
import { grantFreeMonths } from '../subscription/service';

const INVITE_VALID_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function inviteMail(input: {
  to: string;
  inviterName: string;
  firstName?: string;
  link: string;
}): MailMessage {
  const hello = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const lead = `${input.inviterName} invited you to ${PRODUCT_NAME}, the 90-day consistency programme. Join through this link and your first month is free:`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    to: input.to,
    kind: 'buddy_invite',
    subject: `${input.inviterName} invited you to ${PRODUCT_NAME}`,
    text: `${hello}\n\n${lead}\n\n${input.link}\n\n${TAGLINE}\n`,
    html: `<p>${esc(hello)}</p><p>${esc(lead)}</p><p><a href="${esc(input.link)}">Accept the invite</a></p><p style="color:#475569">${esc(TAGLINE)}</p>`,
  };
}

/**
 * Invites a workout buddy: at most 10 per member per day (counted on the server, across processes),
 * an unguessable token whose hash is stored, and a mail with the link.
 */
export async function createInvite(
  deps: { db: DbOrTx; mailer: Mailer; publicUrl: string },
  inviter: { userId: string; displayName: string },
  input: InviteData,
  now = new Date(),
) {
  const limit = await hit(
    deps.db,
    { key: `invite:user:${inviter.userId}`, max: INVITES_PER_DAY, windowSeconds: DAY_SECONDS },
    now,
  );
  if (!limit.allowed)
    throw new AppError('rate_limited', msg.inviteRateLimited, {
      reason: 'invite_rate_limited',
      retryAfter: limit.retryAfter,
    });
  const token = randomBytes(24).toString('base64url');
  await deps.db.insert(invites).values({
    tokenHash: hashToken(token),
    inviterUserId: inviter.userId,
    email: input.email,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_SECONDS * 1000),
    createdAt: now,
  });
  const sent = await deps.mailer.send({
    ...inviteMail({
      to: input.email,
      inviterName: inviter.displayName,
      firstName: input.firstName,
      link: `${deps.publicUrl}/invite/${token}`,
    }),
    userId: inviter.userId,
  });
  if (!sent.ok) throw new AppError('unavailable', msg.couldNotSendInvite);
  return { ok: true as const };
}

export type InviteCheck =
  | { ok: true; inviterName: string; monthsFree: number; reason: null }
  | { ok: false; inviterName: null; monthsFree: 0; reason: 'not_found' | 'expired' | 'used' };

export async function validateInvite(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<InviteCheck> {
  const [row] = await db
    .select({ invite: invites, inviterName: profiles.displayName })
    .from(invites)
    .innerJoin(profiles, eq(profiles.id, invites.inviterUserId))
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, inviterName: null, monthsFree: 0, reason: 'not_found' };
  if (row.invite.acceptedUserId || row.invite.acceptedAt)
    return { ok: false, inviterName: null, monthsFree: 0, reason: 'used' };
  if (row.invite.expiresAt.getTime() <= now.getTime())
    return { ok: false, inviterName: null, monthsFree: 0, reason: 'expired' };
  return { ok: true, inviterName: row.inviterName, monthsFree: INVITE_FREE_MONTHS, reason: null };
}

/**
 * The invitee finished sign-up through the link: the invite is theirs (they become the inviter's
 * buddy) and they get the free month. A used or expired invite grants nothing; inviting yourself neither.
 */
export async function acceptInvite(
  db: DbOrTx,
  token: string,
  userId: string,
  now = new Date(),
): Promise<number> {
  const check = await validateInvite(db, token, now);
  if (!check.ok) return 0;
  const [accepted] = await db
    .update(invites)
    .set({ acceptedUserId: userId, acceptedAt: now })
    .where(and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedUserId)))
    .returning({ inviter: invites.inviterUserId });
  if (!accepted || accepted.inviter === userId) return 0;
  await grantFreeMonths(db, userId, INVITE_FREE_MONTHS, now);
  return INVITE_FREE_MONTHS;
}
