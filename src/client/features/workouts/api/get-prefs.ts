import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkoutPrefsResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getWorkoutPrefs(): Promise<WorkoutPrefsResponse> {
  return api.get<WorkoutPrefsResponse>('/api/workouts/prefs');
}

export const workoutPrefsQueryOptions = queryOptions({
  queryKey: queryKeys.workouts.prefs,
  queryFn: getWorkoutPrefs,
});

/** The saved preferences (null before the first generation), loaded back into the form. */
export function useWorkoutPrefs() {
  return useQuery(workoutPrefsQueryOptions);
}
