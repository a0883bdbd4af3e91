import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/settings/rest-days: the member's rest days now and from next Monday. */
export function getRestDays(signal?: AbortSignal): Promise<RestDaysView> {
  return api.get<RestDaysView>('/api/settings/rest-days', { signal });
}

export const restDaysQueryOptions = queryOptions({
  queryKey: queryKeys.settings.restDays,
  queryFn: ({ signal }) => getRestDays(signal),
});

export function useRestDays() {
  return useQuery(restDaysQueryOptions);
}
