import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenListResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/connections/tokens: the member's tokens (never their secrets). */
export function getApiTokens(): Promise<ApiTokenListResponse> {
  return api.get<ApiTokenListResponse>('/api/connections/tokens');
}

export const apiTokensQueryOptions = queryOptions({
  queryKey: queryKeys.connections.all,
  queryFn: getApiTokens,
});

/** Settings → Connections: the member's tokens. */
export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}
