import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { HealthProfileResponse, HealthSavedResponse } from '@shared/api-types';
import type { HealthProfileInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function saveHealth(input: HealthProfileInput): Promise<HealthSavedResponse> {
  return api.put<HealthSavedResponse>('/api/profile/health', input);
}

/** Completing the Day-1 Health Intake: the health profile plus the health disclaimer, accepted now. */
export function completeIntake(input: HealthProfileInput): Promise<HealthSavedResponse> {
  return api.post<HealthSavedResponse>('/api/profile/intake', input);
}

export function skipIntake(): Promise<HealthProfileResponse> {
  return api.post<HealthProfileResponse>('/api/profile/intake/skip');
}

function useHealthMutation<T>(
  mutationFn: (input: T) => Promise<HealthSavedResponse>,
  meta?: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: async ({ health }) => {
      queryClient.setQueryData<HealthProfileResponse>(queryKeys.profile.health, (current) => ({
        intakeSkippedAt: current?.intakeSkippedAt ?? null,
        health,
      }));
      // The intake records the health disclaimer, shown under Privacy and consents; the weight and
      // its sharing show on My Cycle and the member's posts (decision 0036).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cycle.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
      ]);
    },
  });
}

// Saving says "created" or "updated" from the answer: the Health tab says that itself. Its failure
// depends on whether a profile is `stored`, known before the call.
export const useSaveHealth = (stored: boolean) =>
  useHealthMutation(saveHealth, {
    error: stored ? 'errorUpdatingHealthProfile' : 'errorSavingHealthProfile',
  });
export const useCompleteIntake = () =>
  useHealthMutation(completeIntake, {
    success: 'healthProfileCreated',
    error: 'errorSavingHealthProfile',
  });

export function useSkipIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipIntake,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.profile.health, answer),
  });
}
