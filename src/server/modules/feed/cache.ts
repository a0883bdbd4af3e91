import { afterCommit, beforeCommit, type ServiceContext } from '../../lib/context';
import type { CacheBus } from '../../lib/cache-bus';

/**
 * The public part of a feed page (posts, counts, comments; not the viewer's own marks) is the same for
 * every member, so a page is computed at most once per FEED_CACHE_MS per process. Any write that changes
 * what a card shows (a like, a reaction, a comment, a check-in, its media or updates) clears this
 * process's cache once its transaction commits (invalidateFeedAfterCommit) and tells the other
 * processes through the cache bus, which clear theirs when the notification arrives (milliseconds).
 * A lost notification (listener down, a process killed between commit and notify) is bounded by
 * FEED_CACHE_MS (decision 0024).
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

export function cachedFeedPage<T>(
  app: App & { cacheBus: CacheBus },
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let pages = caches.get(app.config);
  if (!pages) {
    const created = (pages = new Map<string, Entry>());
    caches.set(app.config, created);
    app.cacheBus.subscribe('feed', () => created.clear());
  }
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

/** Transactions that already queued a feed invalidation. */
const queued = new WeakSet<object>();

/**
 * What every service that changes a feed card calls: clears the cache once the change has committed,
 * so a page computed meanwhile from the old rows is not kept (and a rolled-back change clears nothing).
 * The other processes are told by a NOTIFY sent as the transaction's last statement, which PostgreSQL
 * delivers at commit: no transaction of its own per write (issue 33, decision 0060).
 */
export function invalidateFeedAfterCommit(ctx: ServiceContext): void {
  if (!ctx.transaction) {
    afterCommit(ctx, () => {
      invalidateFeed(ctx);
      return ctx.cacheBus.publish('feed');
    });
    return;
  }
  // Once per transaction, however many of its steps changed a card.
  if (queued.has(ctx.transaction)) return;
  queued.add(ctx.transaction);
  void beforeCommit(ctx, (tx) => ctx.cacheBus.publish('feed', tx.db));
  afterCommit(ctx, () => invalidateFeed(ctx));
}
