// Every route module, each its own chunk (a visitor on the landing page downloads none of the member
// area), found by the manifest's `module` (src/shared/pages.ts). Used by the router and by boot.ts,
// which fetches a page's screen beside the app instead of after it.

import { matchPage, pageChain, type PageEntry } from '@shared/pages';
import type { PageLoader } from './loader';

export interface RouteModule {
  [component: string]: unknown;
  /** A server-rendered screen's data (render/loader.ts). */
  loader?: PageLoader;
  /** Awaited before the app's first render over a served screen (home: the check-in form's code). */
  prepare?: () => Promise<void>;
}

// Route modules only: a test beside them (`*.test.tsx`) is never part of a bundle.
const modules = import.meta.glob<RouteModule>(['../app/routes/**/*.tsx', '!**/*.test.tsx']);

export function loadRouteModule(page: PageEntry): Promise<RouteModule> {
  const load = modules[`../app/routes/${page.module}.tsx`];
  if (!load) throw new Error(`pages.ts: no route module app/routes/${page.module}.tsx`);
  return load();
}

/** The screen at `pathname` and its layouts, loading. */
export function loadScreen(pathname: string): Promise<RouteModule[]> {
  return Promise.all(pageChain(matchPage(pathname)).map(loadRouteModule));
}
