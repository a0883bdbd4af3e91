// The answers a server-rendered member screen was rendered with (decision 0031), read back from the
// page: the app puts them in its query cache before its first render, so that render is the markup
// the member already sees, and boot.ts keeps the offline snapshot from them. Imports nothing but the
// query keys, so the member pages' boot script can use it without the app.

import type { QueryKey } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api-types';
import { SERVED_DATA_ID, type ServedData, type ServedUrl } from '@shared/member-screens';
import { queryKeys } from '@client/lib/query-keys';

/** The page's served answers, or null on every page the server did not render with data. */
export function readServedData(): ServedData | null {
  const element = document.getElementById(SERVED_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as ServedData;
    return typeof data.at === 'number' && data.answers ? data : null;
  } catch {
    return null;
  }
}

/** The signed-in member the answers were read for. */
export function servedUserId(served: ServedData): string | null {
  const session = served.answers['/api/account/session'] as SessionResponse | undefined;
  return session?.user?.userId ?? null;
}

/** Each answer as the query its screen reads it from (the hooks in features/.../api). */
export function servedQueries(served: ServedData): Array<[QueryKey, unknown]> {
  const userId = servedUserId(served);
  const queries: Array<[QueryKey, unknown]> = [];
  const entries = Object.entries(served.answers) as Array<[ServedUrl, unknown]>;
  for (const [url, data] of entries) {
    if (data === undefined) continue;
    switch (url) {
      case '/api/account/session':
        queries.push([queryKeys.session.all, data]);
        break;
      case '/api/subscription':
        if (userId) queries.push([queryKeys.subscription.member(userId), data]);
        break;
      case '/api/checkins/today':
        queries.push([queryKeys.checkins.today, data]);
        break;
      case '/api/cycle':
        queries.push([queryKeys.cycle.all, data]);
        break;
      case '/api/review':
        queries.push([queryKeys.review.newest, data]);
        break;
      case '/api/feed':
        // The first page of the infinite query (features/feed/api/get-feed.ts).
        queries.push([queryKeys.feed.community, { pages: [data], pageParams: [null] }]);
        break;
      case '/api/feed/buddies':
        queries.push([queryKeys.feed.buddies, data]);
        break;
    }
  }
  return queries;
}
