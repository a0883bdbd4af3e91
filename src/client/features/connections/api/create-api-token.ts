import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenResponse } from '@shared/api-types';
import type { ApiTokenCreateInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function createApiToken(input: ApiTokenCreateInput): Promise<CreateApiTokenResponse> {
  return api.post<CreateApiTokenResponse>('/api/connections/tokens', input);
}

/** Makes a token; the answer carries it, this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    meta: { success: 'connectionCreated', error: 'unexpectedError' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });
}
