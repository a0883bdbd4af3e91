import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { AdminInviteProfile } from '@shared/api-types';
import type { DbOrTx } from '../../db/client';
import { account, consents, profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createSession, hashPassword } from '../../lib/auth';
import { hashToken, newToken } from '../../lib/tokens';
import { issueAdminInvite } from '../../queries/admin-invite';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { startAfresh } from './first-verification';
import { scopeLocale } from '../../lib/locale';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

async function findInvited(db: DbOrTx, email: string, token: string, now: Date) {
  const [row] = await db
    .select({
      userId: user.id,
      displayName: profiles.displayName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      isAdmin: profiles.isAdmin,
      verifiedAt: profiles.verifiedAt,
      hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(
      and(
        eq(user.email, email),
        eq(profiles.adminInviteTokenHash, hashToken(token)),
        isNotNull(profiles.adminInviteExpiresAt),
        gt(profiles.adminInviteExpiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.hasPassword) throw new AppError('not_found', msg.adminInviteInvalid);
  return row;
}

/** The admin-invite sign-up page: who was invited (only with the right token). */
export async function getAdminInviteProfile(
  ctx: ServiceContext,
  input: { email: string; token: string },
): Promise<AdminInviteProfile> {
  const row = await findInvited(ctx.db, input.email, input.token, ctx.now());
  // The invitee's browser speaks here: a resent invite is written in its language (decision 0119),
  // as their pages are once they accept. Only a language not yet set: never one they chose.
  await ctx.db
    .update(profiles)
    .set({ language: scopeLocale() })
    .where(and(eq(profiles.id, row.userId), isNull(profiles.language)));
  return {
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: row.isAdmin,
  };
}

/**
 * Sets the invited person's password, records their acceptance of the terms (ticked on this page, as
 * at sign-up: the route refuses it unticked), marks the e-mail verified and opens a session. The
 * token works once. When it is the address's first proof, the account starts afresh (decision 0072),
 * keeping what the administrator chose, in the accepting browser's time zone. Returns the new
 * session's token: the route sets the cookie.
 */
export async function acceptAdminInvite(
  ctx: ServiceContext,
  input: { email: string; token: string; password: string; acceptTerms: true; timeZone?: string },
): Promise<{ isAdmin: boolean; sessionToken: string }> {
  const now = ctx.now();
  const hash = await hashPassword(ctx.auth, input.password);
  const invited = await withTransaction(ctx, async (ctx) => {
    const invited = await findInvited(ctx.db, input.email, input.token, now);
    // Claim the token first: of two racing requests only one gets past this line.
    const claimed = await ctx.db
      .update(profiles)
      .set({
        adminInviteTokenHash: null,
        adminInviteExpiresAt: null,
        verifiedAt: invited.verifiedAt ?? now,
      })
      .where(
        and(
          eq(profiles.id, invited.userId),
          eq(profiles.adminInviteTokenHash, hashToken(input.token)),
        ),
      )
      .returning({ id: profiles.id });
    if (claimed.length === 0) throw new AppError('not_found', msg.adminInviteInvalid);
    if (!invited.verifiedAt)
      await startAfresh(ctx, {
        userId: invited.userId,
        email: input.email,
        invitedByAdmin: true,
        pending: null,
        timeZone: input.timeZone,
      });
    // Accepted here and now, unless an earlier acceptance is on record (it keeps its date).
    await ctx.db
      .update(consents)
      .set({
        tosAcceptedAt: sql`coalesce(${consents.tosAcceptedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(consents.userId, invited.userId));
    await ctx.db.insert(account).values({
      id: newToken(),
      userId: invited.userId,
      providerId: 'credential',
      accountId: invited.userId,
      password: hash,
    });
    await ctx.db
      .update(user)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(user.id, invited.userId));
    forgetSessionsAfterCommit(ctx);
    return invited;
  });
  const session = await createSession(ctx.auth, invited.userId);
  return { isAdmin: invited.isAdmin, sessionToken: session.token };
}

/**
 * An account made by an administrator: no password yet, e-mail unverified, and an invite token the
 * person uses to set their password. One transaction: the account (with its profile, settings and
 * consents rows, migration 0001), the admin flag, the token and the audit record.
 */
export async function createInvitedAccount(
  ctx: ServiceContext,
  input: { email: string; displayName: string; isAdmin: boolean },
): Promise<{ userId: string; token: string }> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    const [created] = await ctx.db
      .insert(user)
      .values({
        id: newToken(),
        name: input.displayName,
        email: input.email.toLowerCase(),
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: user.id });
    if (!created) throw new AppError('conflict', msg.emailTaken);
    await ctx.db
      .update(profiles)
      .set({ isAdmin: input.isAdmin })
      .where(eq(profiles.id, created.id));
    const token = await issueAdminInvite(ctx.db, created.id, now);
    await audit(ctx, {
      action: 'user.create',
      target: { type: 'user', id: created.id },
      after: {
        email: input.email.toLowerCase(),
        displayName: input.displayName,
        isAdmin: input.isAdmin,
      },
    });
    return { userId: created.id, token };
  });
}
