import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCrews } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

// A read several features use (crews, the check-in form's and the post menu's audience, the weekly
// review's share dialog): it lives here, below every feature, not in one of them (decision 0103).

/** GET /api/crews: the member's crews, which are the audiences they can pick besides Community and Only me. */
export function getMyCrews(signal?: AbortSignal): Promise<MyCrews> {
  return api.get<MyCrews>('/api/crews', { signal });
}

export const myCrewsQueryOptions = queryOptions({
  queryKey: queryKeys.crews.mine,
  queryFn: ({ signal }) => getMyCrews(signal),
});

export function useMyCrews() {
  return useQuery(myCrewsQueryOptions);
}
