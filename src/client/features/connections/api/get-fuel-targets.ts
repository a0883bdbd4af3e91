import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelTargetsView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getFuelTargets(): Promise<FuelTargetsView> {
  return api.get<FuelTargetsView>('/api/connections/fuel-targets');
}

export const fuelTargetsQueryOptions = queryOptions({
  queryKey: queryKeys.connections.fuelTargets,
  queryFn: getFuelTargets,
});

/** The member's daily protein and water targets (issue 45). */
export function useFuelTargets() {
  return useQuery(fuelTargetsQueryOptions);
}
