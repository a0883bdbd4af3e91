import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrewDetail } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/crews/:id (server: modules/crews). */
export function getCrew(crewId: string, signal?: AbortSignal): Promise<CrewDetail> {
  return api.get<CrewDetail>(`/api/crews/${crewId}`, { signal });
}

export const crewQueryOptions = (crewId: string) =>
  queryOptions({
    queryKey: queryKeys.crews.one(crewId),
    queryFn: ({ signal }) => getCrew(crewId, signal),
    retry: false,
  });

/** One crew: its name, members and board. */
export function useCrew(crewId: string) {
  return useQuery(crewQueryOptions(crewId));
}
