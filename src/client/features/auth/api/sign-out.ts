import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { sessionQueryKey, type SessionResponse } from './get-session';

export function signOut(): Promise<{ ok: boolean }> {
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
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null, signedOut: true });
    },
    onSuccess: () => onSignedOut?.(),
  });
}
