// The installable app's start-up (decision 0023), loaded beside the router so it stays out of the
// entry chunk: the service worker, the snapshot of what was last seen, the offline check-in queue.

import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api-types';
import { startOfflineSync } from '@client/features/checkin/offline/offline-sync';
import { keepOfflineSnapshot, restoreOfflineSnapshot } from '@client/lib/offline-snapshot';
import { queryKeys } from '@client/lib/query-keys';
import { registerServiceWorker } from '@client/lib/service-worker';
import { afterLoad, whenIdle } from '@client/lib/when-idle';
import { pagePath } from '@shared/pages';

export { restoreOfflineSnapshot };

/** After the page has loaded: the worker's precache never competes with the first paint. */
function registerAfterLoad(): void {
  afterLoad(() => void registerServiceWorker());
}

/**
 * The worker (and its precache of the whole app) is for members: it is registered in the member
 * area, or once a session says someone is signed in, never for a visitor reading a public page.
 */
function registerForMembers(queryClient: QueryClient): void {
  if (window.location.pathname.startsWith(pagePath('app'))) return registerAfterLoad();
  const signedIn = () =>
    Boolean(queryClient.getQueryData<SessionResponse>(queryKeys.session.all)?.user);
  if (signedIn()) return registerAfterLoad();
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (!signedIn()) return;
    unsubscribe();
    registerAfterLoad();
  });
}

export function startOffline(queryClient: QueryClient): void {
  keepOfflineSnapshot(queryClient);
  // Reading the queue (IndexedDB, a Web Lock) waits until the first screen is up (at most 2 s);
  // what waits is sent then, if online, and from then on as before.
  whenIdle(() => startOfflineSync(queryClient), 2000, 200);
  registerForMembers(queryClient);
}
