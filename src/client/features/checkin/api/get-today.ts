import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CheckinView, CycleView } from '@shared/api-types';

export type { CheckinView };
export type {
  MediaView as Media,
  UpdateView as CheckinUpdate,
  CycleView as TodayCycle,
} from '@shared/api-types';

export interface Today {
  cycle: CycleView;
  checkin: CheckinView | null;
}

export const todayQueryKey = ['checkins', 'today'] as const;

export function getToday(): Promise<Today> {
  return api.get<Today>('/api/checkins/today');
}

export const todayQueryOptions = queryOptions({
  queryKey: todayQueryKey,
  queryFn: getToday,
});

/** The active cycle (the server starts one if needed) and today's check-in, if done. */
export function useToday() {
  return useQuery(todayQueryOptions);
}
