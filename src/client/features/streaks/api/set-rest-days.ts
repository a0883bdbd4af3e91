import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestDaysView } from '@shared/api-types';
import type { RestDaysInput } from '@shared/domain/streak-schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { afterStreakChange } from './streak-change';

/** PUT /api/settings/rest-days: the rest days from next Monday. */
export function setRestDays(input: RestDaysInput): Promise<RestDaysView> {
  return api.put<RestDaysView>('/api/settings/rest-days', input);
}

export function useSetRestDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRestDays,
    meta: { error: 'streakSaveFailed' },
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.settings.restDays, saved);
      await afterStreakChange(queryClient);
    },
  });
}
