import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateWorkoutResponse } from '@shared/api-types';
import type { WorkoutPrefsData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** Saves the preferences and makes this week's plan (replacing this week's, if there is one). */
export function generateWeek(input: WorkoutPrefsData): Promise<GenerateWorkoutResponse> {
  return api.post<GenerateWorkoutResponse>('/api/workouts/generate', input);
}

export function useGenerateWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWeek,
    // The preferences were saved with the plan; the plans list is reloaded (spec: on success).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workouts.all }),
  });
}
