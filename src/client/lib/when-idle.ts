/**
 * Runs `run` when the page has nothing else to do (decision 0029), at the latest after `timeoutMs`.
 * Where the browser has no requestIdleCallback (Safari), after `fallbackMs` instead.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 0): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, fallbackMs);
}

/** Runs `run` once the page has loaded (at once if it has), so it never competes with the first paint. */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
