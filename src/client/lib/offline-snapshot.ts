// What a member last saw, kept on the device so the app opens offline (decision 0023): the session,
// today's screen and the first page of the feed. Written after each successful read, restored only
// when the app starts without a connection, and wiped when the member signs out.

import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { clear, entries } from 'idb-keyval';
import type { FeedPage, SessionResponse } from '@shared/api-types';
import {
  SNAPSHOT_KEYS,
  isSnapshotKey,
  keepSnapshotRecord,
  snapshotName as name,
  snapshotStore as store,
  type SnapshotRecord as Snapshot,
} from './device-stores';
import { queryKeys } from './query-keys';
import { whenIdle } from './when-idle';

/** The feed keeps only its first page: the last page seen, not everything scrolled past. */
function trimmed(key: QueryKey, data: unknown): unknown {
  if (name(key) !== name(queryKeys.feed.community)) return data;
  const feed = data as { pages: FeedPage[]; pageParams: unknown[] };
  return { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) };
}

/** Saves the kept queries after every successful read; a signed-out session wipes them all. */
export function keepOfflineSnapshot(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, state } = event.query;
    if (!isSnapshotKey(queryKey)) return;
    const session = queryClient.getQueryData<SessionResponse>(queryKeys.session.all);
    const userId = session?.user?.userId ?? null;
    if (name(queryKey) === name(queryKeys.session.all) && !userId) {
      void clear(store()).catch(() => {});
      return;
    }
    const snapshot: Snapshot = {
      data: trimmed(queryKey, state.data),
      updatedAt: Date.now(),
      userId,
    };
    // Copying a page of the feed into IndexedDB is work the screen does not wait for (decision 0029).
    // Unless the member has signed out (or another member in) meanwhile: nothing is kept then.
    whenIdle(() => {
      const now = queryClient.getQueryData<SessionResponse>(queryKeys.session.all);
      if ((now?.user?.userId ?? null) !== userId) return;
      void keepSnapshotRecord(queryKey, snapshot);
    }, 1000);
  });
}

/** Forgets everything kept (sign-out). */
export function clearOfflineSnapshot(): Promise<void> {
  return clear(store()).catch(() => {});
}

/**
 * Offline at start: puts the last session, today and feed back into the cache, so the member screens
 * open with what was last seen. Online, nothing is restored: fresh answers are on their way.
 */
export async function restoreOfflineSnapshot(queryClient: QueryClient): Promise<void> {
  if (onlineManager.isOnline()) return;
  try {
    const saved = new Map(
      (await entries<string, Snapshot>(store())).map(([key, value]) => [key, value]),
    );
    const session = saved.get(name(queryKeys.session.all));
    const userId = (session?.data as SessionResponse | undefined)?.user?.userId;
    if (!session || !userId) return;
    for (const key of SNAPSHOT_KEYS) {
      const snapshot = saved.get(name(key));
      // Only what this same member saw.
      if (!snapshot || snapshot.userId !== userId) continue;
      queryClient.setQueryData(key, snapshot.data, { updatedAt: snapshot.updatedAt });
    }
  } catch {
    // No IndexedDB (a private window): the app opens as it would have without the snapshot.
  }
}
