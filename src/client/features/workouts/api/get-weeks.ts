import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkoutWeeksResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getWorkoutWeeks(): Promise<WorkoutWeeksResponse> {
  return api.get<WorkoutWeeksResponse>('/api/workouts/weeks');
}

export const workoutWeeksQueryOptions = queryOptions({
  queryKey: queryKeys.workouts.weeks,
  queryFn: getWorkoutWeeks,
});

/** The member's weekly plans, newest week first. */
export function useWorkoutWeeks() {
  return useQuery(workoutWeeksQueryOptions);
}
