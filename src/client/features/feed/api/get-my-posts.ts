import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getMyPostsPage(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  return api.get<FeedPage>('/api/feed/mine', { query: { cursor }, signal });
}

export const myPostsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.feed.mine,
  queryFn: ({ pageParam, signal }) => getMyPostsPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** The member's own posts in every audience, newest first, 30 a page (decision 0093). */
export function useMyPosts() {
  return useInfiniteQuery(myPostsQueryOptions);
}
