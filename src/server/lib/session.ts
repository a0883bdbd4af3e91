import type { Context, MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { AppEnv } from '../app';
import { profiles } from '../db/schema';
import { AppError } from './errors';

export interface Actor {
  userId: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  createdAt: string;
}

/** Copies Set-Cookie headers from a better-auth call onto our response. */
export function forwardCookies(c: Context, headers: Headers | null | undefined): void {
  for (const value of headers?.getSetCookie() ?? []) c.header('set-cookie', value, { append: true });
}

/** The signed-in member for this request (read once), or null. Invalid, forged or expired cookies are null. */
export async function currentActor(c: Context<AppEnv>): Promise<Actor | null> {
  const cached = c.get('actor');
  if (cached !== undefined) return cached;
  const { auth, db } = c.get('deps');
  let actor: Actor | null = null;
  const result = await auth.api
    .getSession({ headers: c.req.raw.headers, returnHeaders: true })
    .catch(() => null);
  if (result) forwardCookies(c, result.headers);
  const session = result?.response;
  if (session?.user) {
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, session.user.id)).limit(1);
    actor = {
      userId: session.user.id,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      displayName: profile?.displayName ?? session.user.email.split('@')[0],
      avatarUrl: profile?.avatarUrl ?? null,
      isAdmin: profile?.isAdmin ?? false,
      createdAt: new Date(session.user.createdAt).toISOString(),
    };
  }
  c.set('actor', actor);
  return actor;
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
