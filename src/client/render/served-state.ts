// The queries a server-rendered screen was rendered with (its route module's `loader`, run by the
// server), as TanStack Query's `dehydrate` wrote them into the page. The app `hydrate`s its query
// cache from them before its first render (main.tsx), so that render is the markup the member already
// sees; served-page.ts keeps them, as they are, as the offline snapshot (decision 0105). Imports
// nothing but TanStack's types and the query keys, so the member pages' boot script can use it
// without the app.

import type { DehydratedState } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api-types';
import { SERVED_STATE_ID } from '@shared/pages';
import { queryKeys } from '@client/lib/query-keys';

/** The page's dehydrated queries, or null on every page the server did not render with data. */
export function readServedState(): DehydratedState | null {
  const element = document.getElementById(SERVED_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    return Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/** The signed-in member the state was read for. */
export function servedUserId(state: DehydratedState): string | null {
  const hash = JSON.stringify(queryKeys.session.all);
  const session = state.queries.find((query) => query.queryHash === hash)?.state.data as
    SessionResponse | undefined;
  return session?.user?.userId ?? null;
}
