import { useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { onQueueEvent, queuedCheckinFor, type QueuedCheckin } from './queue';

/** The member's check-in waiting on this device to be sent, kept current across tabs. */
export function useQueuedCheckin(userId: string): {
  queued: QueuedCheckin | null;
  loading: boolean;
} {
  const [state, setState] = useState<{ queued: QueuedCheckin | null; loading: boolean }>({
    queued: null,
    loading: true,
  });
  useEffect(() => {
    let alive = true;
    const read = () =>
      queuedCheckinFor(userId)
        .then((queued) => alive && setState({ queued, loading: false }))
        .catch(() => alive && setState({ queued: null, loading: false }));
    void read();
    const stop = onQueueEvent(() => void read());
    return () => {
      alive = false;
      stop();
    };
  }, [userId]);
  return state;
}

/** Whether the browser says it is online (TanStack Query's onlineManager, which follows the events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
