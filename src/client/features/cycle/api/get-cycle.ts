import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCycleView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/cycle (server: modules/cycles/my-cycle.ts). */
export function getCycle(signal?: AbortSignal): Promise<MyCycleView> {
  return api.get<MyCycleView>('/api/cycle', { signal });
}

export const cycleQueryOptions = queryOptions({
  queryKey: queryKeys.cycle.all,
  queryFn: ({ signal }) => getCycle(signal),
});

export function useCycle() {
  return useQuery(cycleQueryOptions);
}
