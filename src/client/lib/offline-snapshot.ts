// What a member last saw, kept on the device so the app opens offline (decision 0023): the session,
// today's screen and the first page of the feed. Written after each successful read, restored only
// when the app starts without a connection, and wiped when the member signs out.

import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { clear, values } from 'idb-keyval';
import type { FeedPage, SessionResponse } from '@shared/api-types';
import {
  isSnapshotQuery,
  keepPersistedQuery,
  snapshotName as name,
  snapshotStore as store,
  type PersistedQuery,
} from './device-stores';
import { queryKeys } from './query-keys';
import { whenIdle } from './when-idle';

/** The feed keeps only its first page: the last page seen, not everything scrolled past. */
function trimmed(query: PersistedQuery): PersistedQuery {
  if (query.queryHash !== name(queryKeys.feed.community)) return query;
  const feed = query.state.data as { pages: FeedPage[]; pageParams: unknown[] };
  const data = { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) };
  return { ...query, state: { ...query.state, data } };
}

/** Saves the kept queries after every successful read; a signed-out session wipes them all. */
export function keepOfflineSnapshot(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { query } = event;
    if (!isSnapshotQuery(query.queryHash)) return;
    const session = queryClient.getQueryData<SessionResponse>(queryKeys.session.all);
    const userId = session?.user?.userId;
    if (!userId) {
      if (query.queryHash === name(queryKeys.session.all)) void clear(store()).catch(() => {});
      return;
    }
    // As the server's rendered pages carry it (render/served-state.ts), the member as its buster.
    const [dehydrated] = dehydrate(queryClient, {
      shouldDehydrateQuery: (candidate) => candidate === query,
    }).queries;
    if (!dehydrated) return;
    const kept = trimmed({ ...dehydrated, buster: userId });
    // Copying a page of the feed into IndexedDB is work the screen does not wait for (decision 0029).
    // Unless the member has signed out (or another member in) meanwhile: nothing is kept then.
    whenIdle(() => {
      const now = queryClient.getQueryData<SessionResponse>(queryKeys.session.all);
      if (now?.user?.userId !== userId) return;
      void keepPersistedQuery(kept);
    }, 1000);
  });
}

/** Forgets everything kept (sign-out). */
export function clearOfflineSnapshot(): Promise<void> {
  return clear(store()).catch(() => {});
}

/**
 * Offline at start: puts the last session, today and feed back into the cache (TanStack's `hydrate`),
 * so the member screens open with what was last seen. Online, nothing is restored: fresh answers are
 * on their way.
 */
export async function restoreOfflineSnapshot(queryClient: QueryClient): Promise<void> {
  if (onlineManager.isOnline()) return;
  try {
    const kept = (await values<Partial<PersistedQuery>>(store())).filter(
      (query): query is PersistedQuery =>
        typeof query.buster === 'string' &&
        typeof query.queryHash === 'string' &&
        isSnapshotQuery(query.queryHash) &&
        query.state !== undefined,
    );
    const session = kept.find((query) => query.queryHash === name(queryKeys.session.all));
    const userId = (session?.state.data as SessionResponse | undefined)?.user?.userId;
    if (!session || !userId || session.buster !== userId) return;
    // Only what this same member saw.
    const queries = kept
      .filter((query) => query.buster === userId)
      .map(({ buster: _member, ...query }) => query);
    hydrate(queryClient, { queries, mutations: [] });
  } catch {
    // No IndexedDB (a private window): the app opens as it would have without the snapshot.
  }
}
