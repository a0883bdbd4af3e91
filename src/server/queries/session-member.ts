import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/api-types';
import { DEFAULT_UNIT_PREF } from '@shared/constants';
import { displayNameFromEmail } from '@shared/domain/display';
import { isLocale } from '@shared/i18n/locales';
import { batchedPer, type Db, type DbOrTx } from '../db/client';
import { profiles, session, user, userSettings } from '../db/schema';
import { effectiveTimeZone, storedTimeZoneColumns } from './time-zone';

// The session's member read (decision 0030): the session, account and profile behind a session
// token, as http/session.ts asks once the cookie's signature holds, and a personal access token's
// member (modules/connections/tokens.ts) built the same way.

/**
 * The account, profile and settings columns `sessionUserOf` reads, for a select that joins them on
 * the member's id (a session's here; a personal access token in modules/connections/tokens.ts).
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
  language: profiles.language,
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

/** The member and the session's expiry for a session token, or null. */
export async function sessionByToken(db: Db, token: string) {
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
    /** The member's language setting (issue 47), when chosen. */
    language?: string | null;
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
    ...(isLocale(row.language) ? { language: row.language } : {}),
    ...(row.signUpUnfinishedAt ? { signUpUnfinished: true as const } : {}),
  };
}
