// What this device keeps in IndexedDB (decision 0023), in one place: the check-in queue and the
// snapshot of what the member last saw. Imports only idb-keyval and the query keys, so that the
// service worker and the member pages' boot script (decision 0031) use it without the app.

import { createStore, set } from 'idb-keyval';
import type { DehydratedState, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

let queue: ReturnType<typeof createStore> | undefined;
let snapshot: ReturnType<typeof createStore> | undefined;

/** Check-ins made offline, waiting to be sent (features/checkin/offline/queue.ts). */
export const queueStore = () => (queue ??= createStore('stackdays-offline', 'checkins'));
/** The last answers seen, by query (lib/offline-snapshot.ts). */
export const snapshotStore = () => (snapshot ??= createStore('stackdays-snapshot', 'queries'));

/** The queries kept for opening offline: the session, today's screen and the feed's first page. */
export const SNAPSHOT_KEYS: readonly QueryKey[] = [
  queryKeys.session.all,
  queryKeys.checkins.today,
  queryKeys.feed.community,
];

/**
 * One kept answer in TanStack Query's persisted-query shape (decision 0105): the query as `dehydrate`
 * writes it (the server's rendered pages carry the same) and, as in @tanstack/query-persist-client-core's
 * `PersistedQuery`, a `buster`: here the id of the member it was read for. It is only ever put back
 * (`hydrate`) for that same member.
 */
export type PersistedQuery = DehydratedState['queries'][number] & { buster: string };

export const snapshotName = (key: QueryKey) => JSON.stringify(key);

/** Whether a query (by its hash, TanStack's `queryHash`) is one the snapshot keeps. */
export const isSnapshotQuery = (queryHash: string) =>
  SNAPSHOT_KEYS.some((kept) => snapshotName(kept) === queryHash);

/** Keeps one answer (failures, such as a private window without IndexedDB, are ignored). */
export function keepPersistedQuery(query: PersistedQuery): Promise<void> {
  return set(query.queryHash, query, snapshotStore()).catch(() => {});
}
