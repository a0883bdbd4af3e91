import type { Context, MiddlewareHandler } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { SessionUser } from '@shared/api-types';
import type { AppEnv } from '../app';
import type { Db } from '../db/client';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import { profiles, session, user } from '../db/schema';
import { AppError } from './errors';

/** The signed-in member, as routes and services see them. */
export type Actor = SessionUser;

/** Copies Set-Cookie headers from a better-auth call onto our response. */
export function forwardCookies(c: Context, headers: Headers | null | undefined): void {
  for (const value of headers?.getSetCookie() ?? [])
    c.header('set-cookie', value, { append: true });
}

/**
 * The signed-in member for this request (read once), or null. Invalid, forged or expired cookies are null.
 *
 * The common case is one query: the cookie's signature is checked here (better-auth's format,
 * `token.base64(HMAC-SHA256(secret, token))`) and the session, account and profile are read together.
 * Expired sessions and sessions due for their daily refresh go through better-auth, which deletes or
 * extends them and sets the cookie. Revocation stays immediate: every request reads the session row.
 */
export async function currentActor(c: Context<AppEnv>): Promise<Actor | null> {
  const cached = c.get('actor');
  if (cached !== undefined) return cached;
  const actor = await readActor(c);
  c.set('actor', actor);
  return actor;
}

/** The session, account and profile for a token: one prepared statement per database. */
const prepared = new WeakMap<object, ReturnType<typeof prepareSessionByToken>>();

function prepareSessionByToken(db: Db) {
  return db
    .select({
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      isAdmin: profiles.isAdmin,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');
}

function sessionByToken(db: Db) {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareSessionByToken(db)));
  return statement;
}

async function readActor(c: Context<AppEnv>): Promise<Actor | null> {
  const { auth, db } = c.get('deps');
  const ctx = await auth.$context;
  const raw = getCookie(c, ctx.authCookies.sessionToken.name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = raw.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', ctx.secret).update(token).digest('base64'));
  const given = Buffer.from(raw.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const [row] = await sessionByToken(db).execute({ token });
  if (!row) return null;

  const now = Date.now();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const refreshDue = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
  if (row.expiresAt.getTime() <= now || refreshDue) {
    const result = await auth.api
      .getSession({ headers: c.req.raw.headers, returnHeaders: true })
      .catch(() => null);
    if (result) forwardCookies(c, result.headers);
    if (!result?.response?.user) return null;
  }
  return {
    userId: row.userId,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName ?? row.email.split('@')[0],
    avatarUrl: row.avatarUrl ?? null,
    isAdmin: row.isAdmin ?? false,
    createdAt: row.createdAt.toISOString(),
  };
}

/** For member routes: the actor, or 401 with 'Please sign in first'. */
export async function requireActor(c: Context<AppEnv>): Promise<Actor> {
  const actor = await currentActor(c);
  if (!actor) throw new AppError('unauthorized', msg.pleaseSignInFirst);
  return actor;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireActor(c);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const actor = await requireActor(c);
  if (!actor.isAdmin) throw new AppError('forbidden', msg.forbidden);
  await next();
};
