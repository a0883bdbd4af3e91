import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, SessionResponse } from '@shared/api-types';
import type { DeleteAccountData } from '@shared/domain/profile-schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function deleteAccount(input: DeleteAccountData): Promise<OkResponse> {
  return api.post<OkResponse>('/api/account/delete', input);
}

/**
 * Deletes the account. Then, as after signing out, every cached answer goes and the session reads
 * "signed out here", which the guard around the member area turns into a redirect home.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { success: 'accountDeleted', error: 'deleteAccountFailed' },
    onSuccess: () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session.all[0],
      });
      queryClient.setQueryData<SessionResponse & { signedOut: true }>(queryKeys.session.all, {
        user: null,
        signedOut: true,
      });
    },
  });
}
