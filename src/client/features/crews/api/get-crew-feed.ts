import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/crews/:id/feed: one page of the crew's posts, newest first. */
export function getCrewFeed(
  crewId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return api.get<FeedPage>(`/api/crews/${crewId}/feed`, { query: { cursor }, signal });
}

export const crewFeedQueryOptions = (crewId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.crews.feed(crewId),
    queryFn: ({ pageParam, signal }) => getCrewFeed(crewId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });

export function useCrewFeed(crewId: string) {
  return useInfiniteQuery(crewFeedQueryOptions(crewId));
}
