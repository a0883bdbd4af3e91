import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getFeedPage(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  return api.get<FeedPage>('/api/feed', { query: { cursor }, signal });
}

export const communityFeedQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.feed.community,
  queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** Public posts, newest first, 30 a page; fetchNextPage follows the server's cursor. */
export function useCommunityFeed() {
  return useInfiniteQuery(communityFeedQueryOptions);
}
