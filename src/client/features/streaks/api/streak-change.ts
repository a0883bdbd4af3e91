import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

// Forgiving streaks (issue 43): the cycle's mode and pauses (modules/cycles/pauses.ts) and the
// member's rest days (modules/profile/rest-days.ts). A change moves the day, the streak and the
// boards: every screen that shows them reads again.

export async function afterStreakChange(queryClient: QueryClient): Promise<void> {
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

export function useStreakMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { error: 'streakSaveFailed' },
    onSuccess: () => afterStreakChange(queryClient),
  });
}
