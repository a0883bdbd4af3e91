import type { ServiceContext } from './context';
import type { AppCaches } from './deps';

/**
 * The public part of a feed page (posts, counts, comments; not the viewer's own marks) is the same for
 * every member, so a page is computed at most once per FEED_CACHE_MS per process, in the app's feed
 * cache (`deps.caches.feed`, lib/ttl-cache.ts). Any write that changes what a card shows (a like, a
 * reaction, a comment, a check-in, its media or updates) clears it once its transaction commits
 * (invalidateFeedAfterCommit), here and, through the cache bus, in the other processes. A lost
 * notification is bounded by FEED_CACHE_MS (decision 0024).
 */
export const FEED_CACHE_MS = 2_000;
export const FEED_CACHE_PAGES = 50;

type App = { caches: Pick<AppCaches, 'feed'> };

export function cachedFeedPage<T>(app: App, key: string, load: () => Promise<T>): Promise<T> {
  return app.caches.feed.load(key, load) as Promise<T>;
}

/** Clears this process's feed cache now (a test or script that wrote rows behind the services' back). */
export function invalidateFeed(app: App): void {
  app.caches.feed.clear();
}

/** What every service that changes a feed card calls (see TtlCache.forgetAfterCommit). */
export function invalidateFeedAfterCommit(ctx: ServiceContext): void {
  ctx.caches.feed.forgetAfterCommit(ctx);
}
