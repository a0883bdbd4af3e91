import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarnedBadgesResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getEarnedBadges(): Promise<EarnedBadgesResponse> {
  return api.get<EarnedBadgesResponse>('/api/profile/badges');
}

export const earnedBadgesQueryOptions = queryOptions({
  queryKey: queryKeys.profile.badges,
  queryFn: getEarnedBadges,
});

/** Your Badges: every badge the member has earned, oldest first. */
export function useEarnedBadges() {
  return useQuery(earnedBadgesQueryOptions);
}
