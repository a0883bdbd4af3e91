import { useEffect, useState } from 'react';

// setTimeout takes at most a 32-bit delay; the edit window is 15 minutes, but be safe.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether today's check-in may still be edited: the server said so when it was read, and the
 * window has not closed since. Re-renders at the moment `editableUntil` passes.
 */
export function useStillEditable(editable: boolean, editableUntil: string): boolean {
  const until = Date.parse(editableUntil);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!editable || Number.isNaN(until)) return;
    const wait = until - Date.now();
    if (wait <= 0) {
      setNow(Date.now());
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [editable, until]);

  return editable && !Number.isNaN(until) && now < until;
}
