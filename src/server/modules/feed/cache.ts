/**
 * The public part of a feed page (posts, counts, comments; not the viewer's own marks) is the same for
 * every member, so a page is computed at most once per FEED_CACHE_MS per process. Any write that changes
 * what a card shows (a like, a reaction, a comment, a check-in, its media or updates) clears this
 * process's cache at once; other processes catch up within FEED_CACHE_MS.
 */
export const FEED_CACHE_MS = 2_000;
const MAX_PAGES = 50;

type Entry = { at: number; value: Promise<unknown> };
const caches = new WeakMap<object, Map<string, Entry>>();

export function cachedFeedPage<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  let pages = caches.get(db);
  if (!pages) caches.set(db, (pages = new Map()));
  const hit = pages.get(key);
  if (hit && Date.now() - hit.at < FEED_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  pages.set(key, { at: Date.now(), value });
  value.catch(() => pages.delete(key));
  return value;
}

export function invalidateFeed(db: object): void {
  caches.get(db)?.clear();
}
