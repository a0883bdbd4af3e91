import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getToday(): Promise<TodayResponse> {
  return api.get<TodayResponse>('/api/checkins/today');
}

export const todayQueryOptions = queryOptions({
  queryKey: queryKeys.checkins.today,
  queryFn: getToday,
});

/** The active cycle (the server starts one if needed) and today's check-in, if done. */
export function useToday() {
  return useQuery(todayQueryOptions);
}
