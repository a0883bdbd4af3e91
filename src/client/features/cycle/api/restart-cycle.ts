import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { cycleQueryKey, type MyCycle } from './get-cycle';

export function restartCycle(): Promise<MyCycle> {
  return api.post<MyCycle>('/api/cycle/restart');
}

/**
 * Ends the current cycle and starts Day 1 today. The answer is the new cycle; the check-in screen's
 * day and the community board change too, so those are read again.
 */
export function useRestartCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartCycle,
    onSuccess: async (cycle) => {
      queryClient.setQueryData(cycleQueryKey, cycle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cycleQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['checkins'] }),
        queryClient.invalidateQueries({ queryKey: ['community'] }),
      ]);
    },
  });
}
