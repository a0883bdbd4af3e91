import type { ServiceContext } from './context';
import type { AppCaches, CachedSession } from './deps';

/**
 * The session cache (decision 0030). Every signed-in request needs the member behind its cookie: the
 * session, account and profile, one query. A process keeps what it read for a cookie for
 * config.sessionCacheMs (SESSION_CACHE_MS, 2 s by default; 0 turns the cache off), in the app's
 * session cache (`deps.caches.session`, lib/ttl-cache.ts), so a member whose screen makes five
 * requests at once costs one read.
 *
 * The services that change what a session answers (signing out, the name or photo, the admin flag,
 * the time zone, verifying the e-mail, deleting the account) call forgetSessionsAfterCommit: this
 * process clears its whole cache once the change commits, and the other processes clear theirs when
 * the cache bus tells them (milliseconds). So a change made by a job or the admin CLI is seen at once,
 * like one made over HTTP. A lost notification, or a row changed by hand, is bounded by
 * SESSION_CACHE_MS.
 *
 * Only sessions that were valid are kept, keyed by the token whose signature was checked: a forged or
 * revoked cookie is never cached and costs its query every time. A read that started before a clear is
 * not stored after it (the generation check), so a slow read cannot put an answer from before a
 * sign-out back in.
 */
export type { CachedSession };

type App = { caches: Pick<AppCaches, 'session'> };

/** Where a read of `token` starts: the cached session if still fresh, and the generation to store under. */
export function cachedSession(
  app: App,
  token: string,
): { hit: CachedSession | null; generation: number } {
  const cache = app.caches.session;
  return { hit: cache.get(token) ?? null, generation: cache.generation };
}

/** Keeps a valid session read at `generation`, unless the cache was cleared since. */
export function rememberSession(
  app: App,
  token: string,
  session: CachedSession,
  generation: number,
): void {
  app.caches.session.set(token, session, { generation });
}

/**
 * Clears this process's session cache now and tells the other processes to clear theirs (a test or
 * script that changed rows behind the services' back). If the notification cannot be sent, the
 * others' caches run out within SESSION_CACHE_MS.
 */
export function forgetSessions(app: App): Promise<void> {
  return app.caches.session.forget();
}

/** What every service that changes what a session answers calls (TtlCache.forgetAfterCommit). */
export function forgetSessionsAfterCommit(ctx: ServiceContext): void {
  ctx.caches.session.forgetAfterCommit(ctx);
}
