import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/api-types';
import { DEFAULT_UNIT_PREF } from '@shared/constants';
import { displayNameFromEmail } from '@shared/domain/display';
import type { AppEnv } from '../lib/deps';
import { sessionCookieSettings } from '../lib/auth';
import { batchedPer, type Db, type DbOrTx } from '../db/client';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie, setSignedCookie } from 'hono/cookie';
import { profiles, session, user, userSettings } from '../db/schema';
import { effectiveTimeZone, storedTimeZoneColumns } from '../queries/time-zone';
import { cachedSession, rememberSession } from '../lib/session-cache';

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
  return found;
}

/**
 * The account, profile and settings columns `sessionUserOf` reads, for a select that joins them on
 * the member's id (a session here; a personal access token in modules/connections/tokens.ts).
 */
export const memberColumns = {
  userId: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  ...storedTimeZoneColumns,
  unitPref: profiles.unitPref,
  signUpUnfinishedAt: profiles.signUpUnfinishedAt,
};

/**
 * The session, account and profile for each token asked for: the sign-ins of one moment that no
 * process has cached share one statement (`batchedPer`, decision 0027), so a burst of members each
 * making their first request (a morning's check-ins) costs a few reads, not one each. The tokens come
 * as one array parameter, so the text never changes with their number (decision 0070).
 */
const sessionsByToken = batchedPer(async (db: DbOrTx, tokens: readonly string[]) => {
  const rows = await db
    .select({
      token: session.token,
      expiresAt: session.expiresAt,
      isAdmin: profiles.isAdmin,
      ...memberColumns,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .leftJoin(userSettings, eq(userSettings.userId, session.userId))
    .where(sql`${session.token} = any(${sql.param([...tokens])}::text[])`);
  const byToken = new Map(rows.map((row) => [row.token, row]));
  return tokens.map((token) => byToken.get(token));
});

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
  const found = hit ?? (await readSession(deps.db, token));
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

async function readSession(db: Db, token: string) {
  const row = await sessionsByToken(db, token);
  if (!row) return null;
  return { user: sessionUserOf(row, new Date()), expiresAt: row.expiresAt.getTime() };
}

/**
 * The member as every request sees them, from their account, profile and settings columns: the zone
 * in effect at `now`, as every day count reads it (a cached answer lives SESSION_CACHE_MS). A personal
 * access token builds the same member (modules/connections/tokens.ts).
 */
export function sessionUserOf(
  row: {
    userId: string;
    email: string;
    emailVerified: boolean;
    createdAt: Date;
    displayName: string | null;
    avatarUrl: string | null;
    isAdmin: boolean | null;
    timezone: string | null;
    pendingTimezone: string | null;
    pendingTimezoneFrom: Date | null;
    unitPref: string | null;
    /** An account that owes its name and terms (decision 0095). */
    signUpUnfinishedAt?: Date | null;
  },
  now: Date,
): SessionUser {
  return {
    userId: row.userId,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName ?? displayNameFromEmail(row.email),
    avatarUrl: row.avatarUrl ?? null,
    isAdmin: row.isAdmin ?? false,
    createdAt: row.createdAt.toISOString(),
    timeZone: effectiveTimeZone(row, now),
    unitPref: row.unitPref === 'metric' ? 'metric' : DEFAULT_UNIT_PREF,
    ...(row.signUpUnfinishedAt ? { signUpUnfinished: true as const } : {}),
  };
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
