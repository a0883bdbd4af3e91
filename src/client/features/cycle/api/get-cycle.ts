import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';

import type { MyCycleView as MyCycle } from '@shared/api-types';

export type { CycleDayStatus } from '@shared/api-types';
export type { MyCycle };
export type CycleDay = MyCycle['days'][number];

/** GET /api/cycle (server: modules/cycles/my-cycle.ts). */
export const cycleQueryKey = ['cycle'] as const;

export function getCycle(signal?: AbortSignal): Promise<MyCycle> {
  return api.get<MyCycle>('/api/cycle', { signal });
}

export const cycleQueryOptions = queryOptions({
  queryKey: cycleQueryKey,
  queryFn: ({ signal }) => getCycle(signal),
});

export function useCycle() {
  return useQuery(cycleQueryOptions);
}
