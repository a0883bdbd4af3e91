import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MyCycleView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function restartCycle(): Promise<MyCycleView> {
  return api.post<MyCycleView>('/api/cycle/restart');
}

/**
 * The answer is the new cycle: store it. Home's day counter and today's check-in (the checkin
 * feature) and the community board change too, so those are read again.
 */
export async function afterCycleRestart(
  queryClient: QueryClient,
  cycle: MyCycleView,
): Promise<void> {
  queryClient.setQueryData(queryKeys.cycle.all, cycle);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.checkins.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.community.all }),
  ]);
}

/** Ends the current cycle and starts Day 1 today. */
export function useRestartCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartCycle,
    // Its success toast says when Day 1 is, from the answer: start-new-cycle.tsx says it.
    meta: { error: 'resetCycleFailed' },
    onSuccess: (cycle) => afterCycleRestart(queryClient, cycle),
  });
}
