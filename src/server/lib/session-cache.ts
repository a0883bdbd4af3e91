import type { SessionUser } from '@shared/api-types';
import type { CacheBus } from './cache-bus';
import type { Logger } from './logger';

/**
 * The session cache (decision 0030). Every signed-in request needs the member behind its cookie: the
 * session, account and profile, one query. A process keeps what it read for a cookie for
 * config.sessionCacheMs (SESSION_CACHE_MS, 2 s by default; 0 turns the cache off), so a member whose
 * screen makes five requests at once costs one read.
 *
 * What may change a cached answer is a write in the areas of SESSION_AREAS: signing out, the profile
 * (name, photo), the admin flag, deleting an account, ... Every such write made with a session clears
 * this process's whole cache before its answer leaves (sessionWrites in session.ts), so the member's
 * next request, wherever it lands in this process, reads the database again; and it tells the other
 * processes through the cache bus, which clear theirs when the notification arrives (milliseconds).
 * The admin CLI, the one writer outside a request, clears through forgetSessions after its commit.
 * A lost notification, or a row changed by hand, is bounded by SESSION_CACHE_MS.
 *
 * Only sessions that were valid are kept, keyed by the token whose signature was checked: a forged or
 * revoked cookie is never cached and costs its query every time. A read that started before a clear is
 * not stored after it (the generation check), so a slow read cannot put an answer from before a
 * sign-out back in.
 */

/** What is kept for a session token: the member, and when the session expires (ms). */
export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
}

/** Enough for every member active within a few seconds on one process; the oldest entry goes first. */
const MAX_SESSIONS = 20_000;

/** API areas whose writes can end a session or change what it answers (who, name, photo, admin). */
const SESSION_AREAS = [
  '/api/auth',
  '/api/account',
  '/api/profile',
  '/api/settings',
  '/api/avatars',
  '/api/admin',
];

type App = { config: { sessionCacheMs: number }; cacheBus: CacheBus };
interface Cache {
  entries: Map<string, CachedSession & { at: number }>;
  /** Bumped by every clear; a read stores its answer only if no clear happened meanwhile. */
  generation: number;
}
const caches = new WeakMap<object, Cache>();

function cacheOf(app: App): Cache {
  let cache = caches.get(app.config);
  if (!cache) {
    const created: Cache = (cache = { entries: new Map(), generation: 0 });
    caches.set(app.config, created);
    app.cacheBus.subscribe('session', () => clear(created));
  }
  return cache;
}

function clear(cache: Cache): void {
  cache.generation += 1;
  cache.entries.clear();
}

/** Where a read of `token` starts: the cached session if still fresh, and the generation to store under. */
export function cachedSession(
  app: App,
  token: string,
): { hit: CachedSession | null; generation: number } {
  const cache = cacheOf(app);
  const entry = app.config.sessionCacheMs > 0 ? cache.entries.get(token) : undefined;
  if (entry && Date.now() - entry.at < app.config.sessionCacheMs) {
    return { hit: entry, generation: cache.generation };
  }
  if (entry) cache.entries.delete(token);
  return { hit: null, generation: cache.generation };
}

/** Keeps a valid session read at `generation`, unless the cache was cleared since. */
export function rememberSession(
  app: App,
  token: string,
  session: CachedSession,
  generation: number,
): void {
  const cache = cacheOf(app);
  if (app.config.sessionCacheMs <= 0 || cache.generation !== generation) return;
  if (cache.entries.size >= MAX_SESSIONS) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(token, { ...session, at: Date.now() });
}

/**
 * Clears this process's session cache now and tells the other processes to clear theirs. If the
 * notification cannot be sent, the others' caches run out within SESSION_CACHE_MS.
 */
export async function forgetSessions(app: App & { logger: Logger }): Promise<void> {
  clear(cacheOf(app));
  await app.cacheBus.publish('session').catch((error: unknown) => {
    app.logger.warn({ err: error }, 'session cache: could not tell the other processes');
  });
}

/** Whether a write to `path` may end a session or change what one answers. */
export const isSessionArea = (path: string) =>
  SESSION_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
