import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrewCycleState } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/crews/:id/cycle: the crew's cycle the crew page shows (issue 44, decision 0113). */
export function getCrewCycle(crewId: string, signal?: AbortSignal): Promise<CrewCycleState> {
  return api.get<CrewCycleState>(`/api/crews/${crewId}/cycle`, { signal });
}

export const crewCycleQueryOptions = (crewId: string) =>
  queryOptions({
    queryKey: queryKeys.crews.cycle(crewId),
    queryFn: ({ signal }) => getCrewCycle(crewId, signal),
    retry: false,
  });

/** The crew's running, scheduled or last cycle, the viewer's choice on it and its board. */
export function useCrewCycle(crewId: string) {
  return useQuery(crewCycleQueryOptions(crewId));
}
