import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenListResponse, CreateApiTokenResponse, OkResponse } from '@shared/api-types';
import type { ApiTokenCreateInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** Settings → Connections: the member's tokens (never their secrets). */
export function useApiTokens() {
  return useQuery({
    queryKey: queryKeys.connections.all,
    queryFn: () => api.get<ApiTokenListResponse>('/api/connections/tokens'),
  });
}

/** Makes a token; the answer carries it, this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreateInput) =>
      api.post<CreateApiTokenResponse>('/api/connections/tokens', input),
    meta: { success: 'connectionCreated', error: 'unexpectedError' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });
}

/** Revokes a token: it stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api.delete<OkResponse>(`/api/connections/tokens/${tokenId}`),
    meta: { success: 'connectionRevoked', error: 'unexpectedError' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });
}
