import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';

export interface LeaderboardEntry {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  checkins: number;
  currentDay: number;
  consistency: number;
  /** The live run of consecutive days (ending today or yesterday). */
  streak: number;
  longestStreak: number;
}

/** GET /api/community (server: modules/community/leaderboard.ts); cached there up to 30 s. */
export interface CommunityBoard {
  stats: {
    activeMembers: number;
    totalCheckins: number;
    averageConsistency: number;
    checkedInToday: number;
  };
  leaderboard: LeaderboardEntry[];
  longestStreaks: LeaderboardEntry[];
  computedAt: string;
}

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
