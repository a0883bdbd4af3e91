import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function revokeApiToken(tokenId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/connections/tokens/${tokenId}`);
}

/** Revokes a token: it stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    meta: { success: 'connectionRevoked', error: 'unexpectedError' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });
}
