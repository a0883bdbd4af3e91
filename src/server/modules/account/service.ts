import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { CLIENT_IP_HEADER, sessionCookieSettings } from '../../lib/auth';
import type { ServiceContext } from '../../lib/context';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

// Signing out, and what every account verb shares: who is asking, and the account an e-mail names.
// Sign-up and code requests are in sign-up.ts, typing a code in code-entry.ts, and the address's
// first proof in first-verification.ts.

/** What a sign-in service hands back: the route copies these Set-Cookie lines onto its answer. */
export interface SignedIn {
  cookies: string[];
}

/** Headers for calls into better-auth: the request's cookie, and our client address (never the client's own). */
export function authHeaders(ctx: ServiceContext): Headers {
  const headers = new Headers(ctx.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, ctx.ip ?? 'unknown');
  return headers;
}

/** The client address the per-client limits count against. */
export const requester = (ctx: ServiceContext) => ctx.ip ?? 'unknown';

/** The account this e-mail names, or null. */
export async function findUser(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified, language: profiles.language })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email))
    .limit(1);
  return row ?? null;
}

/** Revokes the session on the server and clears the cookie; succeeds even when already signed out. */
export async function signOut(ctx: ServiceContext): Promise<SignedIn> {
  const result = await ctx.auth.api
    .signOut({ headers: authHeaders(ctx), returnHeaders: true })
    .catch(() => null);
  // The session ends in every process's cache too (a signed-out caller has none to end, and so
  // cannot keep emptying every process's cache).
  if (ctx.actor.kind !== 'anonymous') forgetSessionsAfterCommit(ctx);
  if (result) return { cookies: result.headers?.getSetCookie() ?? [] };
  const { name } = await sessionCookieSettings(ctx.auth);
  return {
    cookies: [`${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`],
  };
}
