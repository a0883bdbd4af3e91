// What this device keeps in IndexedDB (decision 0023), in one place: the check-in queue and the
// snapshot of what the member last saw. Imports only idb-keyval and the query keys, so that the
// service worker and the member pages' boot script (decision 0031) use it without the app.

import { createStore, set } from 'idb-keyval';
import type { QueryKey } from '@tanstack/react-query';
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

/** One kept answer, and whose it is: it is only ever put back for that same member. */
export interface SnapshotRecord {
  data: unknown;
  updatedAt: number;
  userId: string | null;
}

export const snapshotName = (key: QueryKey) => JSON.stringify(key);

export const isSnapshotKey = (key: QueryKey) =>
  SNAPSHOT_KEYS.some((kept) => snapshotName(kept) === snapshotName(key));

/** Keeps one answer (failures, such as a private window without IndexedDB, are ignored). */
export function keepSnapshotRecord(key: QueryKey, record: SnapshotRecord): Promise<void> {
  return set(snapshotName(key), record, snapshotStore()).catch(() => {});
}
