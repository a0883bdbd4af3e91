import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityBoard } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/community (server: modules/community/leaderboard.ts); cached there up to 30 s. */
export function getCommunity(signal?: AbortSignal): Promise<CommunityBoard> {
  return api.get<CommunityBoard>('/api/community', { signal });
}

export const communityQueryOptions = queryOptions({
  queryKey: queryKeys.community.all,
  queryFn: ({ signal }) => getCommunity(signal),
  // The server recomputes the board at most every 30 s; asking more often gains nothing.
  staleTime: 30_000,
});

export function useCommunity() {
  return useQuery(communityQueryOptions);
}
