import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/api-types';
import type { AppEnv } from './deps';
import type { Db } from '../db/client';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie, setSignedCookie } from 'hono/cookie';
import { profiles, session, user } from '../db/schema';

/** Adds Set-Cookie lines a service returned (from better-auth) to our response. */
export function setCookies(c: Context, cookies: readonly string[] | undefined): void {
  for (const value of cookies ?? []) c.header('set-cookie', value, { append: true });
}

/**
 * The signed-in member for this request (read once), or null. Invalid, forged or expired cookies are null.
 *
 * The common case is one query: the cookie's signature is checked here (better-auth's format,
 * `token.base64(HMAC-SHA256(secret, token))`) and the session, account and profile are read together.
 * Expired sessions and sessions due for their daily refresh go through better-auth, which deletes or
 * extends them and sets the cookie. Revocation stays immediate: every request reads the session row.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  const found = await readUser(c);
  c.set('user', found);
  return found;
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

async function readUser(c: Context<AppEnv>): Promise<SessionUser | null> {
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
    if (result) setCookies(c, result.headers?.getSetCookie());
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

/** Sets the signed session cookie for a session a service opened (better-auth's cookie format). */
export async function setSessionCookie(c: Context<AppEnv>, token: string): Promise<void> {
  const auth = await c.get('deps').auth.$context;
  const cookie = auth.authCookies.sessionToken;
  await setSignedCookie(c, cookie.name, token, auth.secret, {
    ...cookie.attributes,
    sameSite: 'Lax',
    maxAge: auth.sessionConfig.expiresIn,
  } as Parameters<typeof setSignedCookie>[4]);
}
