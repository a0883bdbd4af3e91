import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { setSignedCookie } from 'hono/cookie';
import { msg } from '@shared/messages';
import type { AppDeps } from '../../lib/deps';
import type { DbOrTx } from '../../db/client';
import { account, profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';

const INVITE_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An administrator invited this person: they get a link with an unguessable token (only its hash is
 * stored) that lets them set a password once. The e-mail alone never opens an account.
 */
export async function issueAdminInvite(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .update(profiles)
    .set({
      adminInviteTokenHash: hashToken(token),
      adminInviteExpiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000),
    })
    .where(eq(profiles.id, userId));
  return token;
}

async function findInvited(db: DbOrTx, email: string, token: string, now: Date) {
  const [row] = await db
    .select({
      userId: user.id,
      displayName: profiles.displayName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      isAdmin: profiles.isAdmin,
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

export async function getAdminInviteProfile(
  db: DbOrTx,
  email: string,
  token: string,
  now = new Date(),
) {
  const row = await findInvited(db, email, token, now);
  return {
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: row.isAdmin,
  };
}

/** Sets the invited person's password, marks the e-mail verified and signs them in. The token works once. */
export async function acceptAdminInvite(
  c: Context,
  deps: Pick<AppDeps, 'db' | 'auth'>,
  input: { email: string; token: string; password: string },
  now = new Date(),
): Promise<{ isAdmin: boolean }> {
  const { db, auth } = deps;
  const invited = await findInvited(db, input.email, input.token, now);
  // Claim the token first: of two racing requests only one gets past this line.
  const claimed = await db
    .update(profiles)
    .set({ adminInviteTokenHash: null, adminInviteExpiresAt: null })
    .where(
      and(
        eq(profiles.id, invited.userId),
        eq(profiles.adminInviteTokenHash, hashToken(input.token)),
      ),
    )
    .returning({ id: profiles.id });
  if (claimed.length === 0) throw new AppError('not_found', msg.adminInviteInvalid);

  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  await ctx.internalAdapter.linkAccount({
    userId: invited.userId,
    providerId: 'credential',
    accountId: invited.userId,
    password: hash,
  });
  await ctx.internalAdapter.updateUser(invited.userId, { emailVerified: true });
  const session = await ctx.internalAdapter.createSession(invited.userId);
  const cookie = ctx.authCookies.sessionToken;
  await setSignedCookie(c, cookie.name, session.token, ctx.secret, {
    ...cookie.attributes,
    sameSite: 'Lax',
    maxAge: ctx.sessionConfig.expiresIn,
  } as Parameters<typeof setSignedCookie>[4]);
  return { isAdmin: invited.isAdmin };
}

/**
 * An account made by an administrator: no password yet, e-mail unverified, and an invite token the
 * person uses to set their password. Returns the token for the invitation link.
 */
export async function createInvitedAccount(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  input: { email: string; displayName: string; isAdmin: boolean },
): Promise<{ userId: string; token: string }> {
  const created = await deps.auth.api.createUser({
    body: { email: input.email, name: input.displayName, role: input.isAdmin ? 'admin' : 'user' },
  });
  await deps.db
    .update(profiles)
    .set({ isAdmin: input.isAdmin })
    .where(eq(profiles.id, created.user.id));
  const token = await issueAdminInvite(deps.db, created.user.id);
  return { userId: created.user.id, token };
}
