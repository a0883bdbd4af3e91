import type { Context } from 'hono';
import type { AppEnv } from '../lib/deps';
import { sessionCookieSettings } from '../lib/auth';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie, setSignedCookie } from 'hono/cookie';
import { cachedSession, rememberSession } from '../lib/session-cache';
import { sessionByToken } from '../queries/session-member';
import type { SessionUser } from '@shared/api-types';
import { setScopeLocale } from '../lib/locale';

/** Adds Set-Cookie lines a service returned (from better-auth) to our response. */
export function setCookies(c: Context, cookies: readonly string[] | undefined): void {
  for (const value of cookies ?? []) c.header('set-cookie', value, { append: true });
}

/**
 * The signed-in member for this request (read once), or null. Invalid, forged or expired cookies are null.
 *
 * The common case is one query (shared with the other requests of the moment), or none: the cookie's signature is checked here (better-auth's format,
 * `token.base64(HMAC-SHA256(secret, token))`), then the session, account and profile are read together,
 * or taken from the session cache for SESSION_CACHE_MS (decision 0030), which every service that
 * changes them clears (forgetSessionsAfterCommit). Expired sessions and sessions due for their daily refresh go
 * through better-auth, which deletes or extends them and sets the cookie; they are not cached.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  const found = await readUser(c);
  c.set('user', found);
  // A member's own language beats the cookie and the browser's (decision 0118).
  if (found?.language) setScopeLocale(found.language);
  return found;
}

async function readUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const deps = c.get('deps');
  const cookie = await sessionCookieSettings(deps.auth);
  const raw = getCookie(c, cookie.name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = raw.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', cookie.secret).update(token).digest('base64'));
  const given = Buffer.from(raw.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const { hit, generation } = cachedSession(deps, token);
  const found = hit ?? (await sessionByToken(deps.db, token));
  if (!found) return null;

  const now = Date.now();
  const { expiresIn, updateAge } = cookie;
  const refreshDue = found.expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
  if (found.expiresAt <= now || refreshDue) {
    const result = await deps.auth.api
      .getSession({ headers: c.req.raw.headers, returnHeaders: true })
      .catch(() => null);
    if (result) setCookies(c, result.headers?.getSetCookie());
    if (!result?.response?.user) return null;
  } else if (!hit) {
    rememberSession(deps, token, found, generation);
  }
  return found.user;
}

/** Sets the signed session cookie for a session a service opened (better-auth's cookie format). */
export async function setSessionCookie(c: Context<AppEnv>, token: string): Promise<void> {
  const cookie = await sessionCookieSettings(c.get('deps').auth);
  await setSignedCookie(c, cookie.name, token, cookie.secret, {
    ...cookie.attributes,
    sameSite: 'Lax',
    maxAge: cookie.expiresIn,
  } as Parameters<typeof setSignedCookie>[4]);
}
