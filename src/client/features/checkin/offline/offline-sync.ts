// The page's side of the offline check-in queue (decision 0023): send what is waiting when the app
// opens online, when the connection comes back, and now and then while something waits; ask the
// service worker for a Background Sync where the browser has it; refresh the screens when it lands.

import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { queryKeys } from '@client/lib/query-keys';
import { serviceWorkerReady } from '@client/lib/service-worker';
import { onQueueEvent, QUEUE_LOCK, queuedCheckins } from './queue';
import { sendQueuedCheckins } from './send';

const RETRY_EVERY_MS = 30_000;

/** Sends the queue now if the browser says it is online; errors are kept for the next try. */
export function sendWhenOnline(): void {
  if (!onlineManager.isOnline()) return;
  void sendQueuedCheckins().catch((error: unknown) =>
    console.warn('Could not send the saved check-in yet', error),
  );
}

/** Asks the worker to send the queue once the connection is back, even if this tab is closed. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await serviceWorkerReady();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | null)?.sync;
    await sync?.register(QUEUE_LOCK);
  } catch {
    // No Background Sync here: the 'online' event and the next open send it instead.
  }
}

let started = false;

export function startOfflineSync(queryClient: QueryClient): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', sendWhenOnline);
  sendWhenOnline();
  window.setInterval(() => {
    void queuedCheckins()
      .then((items) => {
        if (items.length > 0) sendWhenOnline();
      })
      .catch(() => {});
  }, RETRY_EVERY_MS);
  onQueueEvent((event) => {
    if (event.type === 'sent') {
      toast.success(msg.checkinQueuedSent, { id: `queued-${event.id}` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkins.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cycle.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
    } else if (event.type === 'failed') {
      toast.error(msg.checkinQueuedFailed(event.reason), { id: `queued-failed-${event.id}` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkins.all });
    }
  });
}
