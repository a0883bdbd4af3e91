import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FuelTargetsView } from '@shared/api-types';
import type { FuelTargetsInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function saveFuelTargets(input: FuelTargetsInput): Promise<FuelTargetsView> {
  return api.put<FuelTargetsView>('/api/connections/fuel-targets', input);
}

/** Saves both targets; today's boxes are measured against them on the next read of home. */
export function useSaveFuelTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFuelTargets,
    meta: { success: 'fuelTargetsSaved', error: 'unexpectedError' },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.connections.fuelTargets, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today });
    },
  });
}
