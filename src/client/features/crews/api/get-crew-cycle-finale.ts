import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrewCycleFinale } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/crews/:id/cycles/:cycleId/finale: the whole crew's Day 90 (409 before it). */
export function getCrewCycleFinale(
  crewId: string,
  cycleId: string,
  signal?: AbortSignal,
): Promise<CrewCycleFinale> {
  return api.get<CrewCycleFinale>(`/api/crews/${crewId}/cycles/${cycleId}/finale`, { signal });
}

export const crewCycleFinaleQueryOptions = (crewId: string, cycleId: string) =>
  queryOptions({
    queryKey: queryKeys.crews.finale(crewId, cycleId),
    queryFn: ({ signal }) => getCrewCycleFinale(crewId, cycleId, signal),
    retry: false,
  });

export function useCrewCycleFinale(crewId: string, cycleId: string) {
  return useQuery(crewCycleFinaleQueryOptions(crewId, cycleId));
}
