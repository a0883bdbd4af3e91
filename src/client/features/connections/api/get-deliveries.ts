import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncLogResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function getDeliveries(): Promise<SyncLogResponse> {
  return api.get<SyncLogResponse>('/api/connections/deliveries');
}

export const deliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.connections.deliveries,
  queryFn: getDeliveries,
});

/** The phone bridges' sync log, newest first, and each app's last delivery (issue 45). */
export function useDeliveries() {
  return useQuery(deliveriesQueryOptions);
}
