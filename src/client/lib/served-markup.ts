/**
 * Whether this render is the server's (decision 0031), or the app's first render over markup the
 * server or the build sent (`#root[data-prerendered]`, removed once the app has the page). Both show
 * a screen whole, at once: the markup the member may already be scrolling through must not shrink.
 */
export function renderingServedMarkup(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute('data-prerendered') ?? false;
}
