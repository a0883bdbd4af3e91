import { afterCommit, type ServiceContext } from '../../lib/context';

/**
 * The public part of a feed page (posts, counts, comments; not the viewer's own marks) is the same for
 * every member, so a page is computed at most once per FEED_CACHE_MS per process. Any write that changes
 * what a card shows (a like, a reaction, a comment, a check-in, its media or updates) clears this
 * process's cache once its transaction commits (invalidateFeedAfterCommit); other processes catch up
 * within FEED_CACHE_MS.
 *
 * There is one cache per app, keyed by the app's config object, which the app's deps and every
 * context made from them share. Not by the database handle: inside withTransaction, ctx.db is the
 * transaction, and clearing "its" cache would clear nothing.
 */
export const FEED_CACHE_MS = 2_000;
const MAX_PAGES = 50;

/** The app a cache belongs to: its AppDeps or any ServiceContext made from them. */
type App = { config: object };
type Entry = { at: number; value: Promise<unknown> };
const caches = new WeakMap<object, Map<string, Entry>>();

export function cachedFeedPage<T>(app: App, key: string, load: () => Promise<T>): Promise<T> {
  let pages = caches.get(app.config);
  if (!pages) caches.set(app.config, (pages = new Map()));
  const hit = pages.get(key);
  if (hit && Date.now() - hit.at < FEED_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  pages.set(key, { at: Date.now(), value });
  value.catch(() => pages.delete(key));
  return value;
}

/** Clears the app's feed cache now (a test or script that wrote rows behind the services' back). */
export function invalidateFeed(app: App): void {
  caches.get(app.config)?.clear();
}

/**
 * What every service that changes a feed card calls: clears the cache once the change has committed,
 * so a page computed meanwhile from the old rows is not kept (and a rolled-back change clears nothing).
 */
export function invalidateFeedAfterCommit(ctx: ServiceContext): void {
  afterCommit(ctx, () => invalidateFeed(ctx));
}
