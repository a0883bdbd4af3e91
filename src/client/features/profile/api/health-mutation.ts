import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { HealthProfileResponse, HealthSavedResponse } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';

/** Saving the health profile or completing the intake: the saved profile, then what shows it. */
export function useHealthMutation<T>(
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
