import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuddyFeed } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getBuddyFeed(signal?: AbortSignal): Promise<BuddyFeed> {
  return api.get('/api/feed/buddies', { signal });
}

export const buddyFeedQueryOptions = queryOptions({
  queryKey: queryKeys.feed.buddies,
  queryFn: ({ signal }) => getBuddyFeed(signal),
  // Spec: a failing buddy feed is ignored silently, so there is nothing to retry for.
  retry: false,
});

/** Recent posts by members who accepted the viewer's invite; an empty list when it fails. */
export function useBuddyFeed() {
  const query = useQuery(buddyFeedQueryOptions);
  return { ...query, posts: query.data?.posts ?? [] };
}
