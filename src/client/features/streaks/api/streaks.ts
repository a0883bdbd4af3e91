import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CycleChangedResponse, RestDaysView } from '@shared/api-types';
import type { PauseInput, RestDaysInput, StreakModeInput } from '@shared/domain/streak-schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

// Forgiving streaks (issue 43): the cycle's mode and pauses (modules/cycles/pauses.ts) and the
// member's rest days (modules/profile/rest-days.ts). A change moves the day, the streak and the
// boards: every screen that shows them reads again.

async function afterStreakChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      queryKeys.checkins.all,
      queryKeys.cycle.all,
      queryKeys.community.all,
      queryKeys.crews.all,
      queryKeys.review.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

function useStreakMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { error: 'streakSaveFailed' },
    onSuccess: () => afterStreakChange(queryClient),
  });
}

export const useSetStreakMode = () =>
  useStreakMutation((input: StreakModeInput) =>
    api.put<CycleChangedResponse>('/api/cycle/mode', input),
  );

export const usePauseCycle = () =>
  useStreakMutation((input: PauseInput) =>
    api.post<CycleChangedResponse>('/api/cycle/pause', input),
  );

export const useEndPause = () =>
  useStreakMutation(() => api.delete<CycleChangedResponse>('/api/cycle/pause'));

export function useRestDays() {
  return useQuery({
    queryKey: queryKeys.settings.restDays,
    queryFn: ({ signal }) => api.get<RestDaysView>('/api/settings/rest-days', { signal }),
  });
}

export function useSetRestDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RestDaysInput) => api.put<RestDaysView>('/api/settings/rest-days', input),
    meta: { error: 'streakSaveFailed' },
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.settings.restDays, saved);
      await afterStreakChange(queryClient);
    },
  });
}
