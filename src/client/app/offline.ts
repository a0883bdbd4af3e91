// The installable app's start-up (decision 0023), loaded beside the router so it stays out of the
// entry chunk: the service worker, the snapshot of what was last seen, the offline check-in queue.

import type { QueryClient } from '@tanstack/react-query';
import { startOfflineSync } from '@client/features/checkin/offline/offline-sync';
import { keepOfflineSnapshot, restoreOfflineSnapshot } from '@client/lib/offline-snapshot';
import { registerServiceWorker } from '@client/lib/service-worker';

export { restoreOfflineSnapshot };

export function startOffline(queryClient: QueryClient): void {
  keepOfflineSnapshot(queryClient);
  startOfflineSync(queryClient);
  // After the page has loaded: the worker's precache never competes with the first paint.
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
