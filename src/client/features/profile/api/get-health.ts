import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthProfileResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getHealth(): Promise<HealthProfileResponse> {
  return api.get<HealthProfileResponse>('/api/profile/health');
}

export const healthQueryOptions = queryOptions({
  queryKey: queryKeys.profile.health,
  queryFn: getHealth,
});

/** The health profile (null before the intake) and whether the intake was skipped. */
export function useHealth() {
  return useQuery(healthQueryOptions);
}
