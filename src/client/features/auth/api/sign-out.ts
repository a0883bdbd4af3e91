import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { CachedSession } from './get-session';

export function signOut(): Promise<OkResponse> {
  return api.post('/api/account/sign-out');
}

/**
 * Signs out on the server, then clears the local state whatever the answer (spec: a failed sign-out is
 * only logged). Every cached answer goes, and the session becomes "signed out here", which the guard
 * around the member area turns into a redirect home. `onSignedOut` runs even after the screen is gone.
 */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await signOut();
      } catch (error) {
        console.warn('Sign-out call failed; clearing local state anyway', error);
      }
      // The session entry is overwritten rather than removed, so the guard watching it hears the change.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session.all[0],
      });
      queryClient.setQueryData<CachedSession>(queryKeys.session.all, {
        user: null,
        signedOut: true,
      });
    },
    onSuccess: () => onSignedOut?.(),
  });
}
