// The start of a member screen the server rendered (decision 0031), which boot.ts loads instead of the
// app: the app itself waits for the member's first intent, but not these, which are small and run when
// the page is idle:
// - a check-in made offline that waits on this device for this member: the app loads at once, to show
//   it (home shows it instead of the form) and send it;
// - the offline snapshot (decision 0023): the answers the screen was rendered with are what the member
//   last saw;
// - the service worker, so the app opens without a network next time.

import { values } from 'idb-keyval';
import { isSnapshotQuery, keepPersistedQuery, queueStore } from '@client/lib/device-stores';
import { registerServiceWorker } from '@client/lib/service-worker';
import { afterLoad, whenIdle } from '@client/lib/when-idle';
import { readServedState, servedUserId } from './served-state';

/** `loadApp`: boot.ts's own, which loads the app at once. */
export function startServedPage(loadApp: () => void): void {
  const served = readServedState();
  const userId = served && servedUserId(served);
  if (!served || !userId) return;
  values<{ userId?: string }>(queueStore())
    .then((waiting) => {
      if (waiting.some((item) => item.userId === userId)) loadApp();
    })
    .catch(() => {
      // No IndexedDB (a private window): nothing can be waiting.
    });
  afterLoad(() =>
    whenIdle(
      () => {
        // Once the app has the page, its own reads keep the snapshot (and a sign-out wipes it): these
        // answers may be older than that, or no longer this member's to keep.
        const taken = document.getElementById('root')?.dataset.prerendered !== 'member';
        // Kept as the server dehydrated them (decision 0105), the member as their buster.
        for (const query of taken ? [] : served.queries)
          if (query.state.status === 'success' && isSnapshotQuery(query.queryHash))
            void keepPersistedQuery({ ...query, buster: userId });
        void registerServiceWorker();
      },
      2000,
      200,
    ),
  );
}
