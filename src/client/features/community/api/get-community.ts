import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CommunityBoard } from '@shared/api-types';

export type { CommunityBoard, LeaderboardEntry } from '@shared/api-types';

/** GET /api/community (server: modules/community/leaderboard.ts); cached there up to 30 s. */
export const communityQueryKey = ['community'] as const;

export function getCommunity(signal?: AbortSignal): Promise<CommunityBoard> {
  return api.get<CommunityBoard>('/api/community', { signal });
}

export const communityQueryOptions = queryOptions({
  queryKey: communityQueryKey,
  queryFn: ({ signal }) => getCommunity(signal),
  // The server recomputes the board at most every 30 s; asking more often gains nothing.
  staleTime: 30_000,
});

export function useCommunity() {
  return useQuery(communityQueryOptions);
}
