import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { buddyFeedQueryKey } from './feed-cache';
import type { FeedPost } from './types';

export function getBuddyFeed(signal?: AbortSignal): Promise<{ posts: FeedPost[] }> {
  return api.get('/api/feed/buddies', { signal });
}

export const buddyFeedQueryOptions = queryOptions({
  queryKey: buddyFeedQueryKey,
  queryFn: ({ signal }) => getBuddyFeed(signal),
  // Spec: a failing buddy feed is ignored silently, so there is nothing to retry for.
  retry: false,
});

/** Recent posts by members who accepted the viewer's invite; an empty list when it fails. */
export function useBuddyFeed() {
  const query = useQuery(buddyFeedQueryOptions);
  return { ...query, posts: query.data?.posts ?? [] };
}
