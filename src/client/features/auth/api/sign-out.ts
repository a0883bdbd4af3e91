import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { sessionQueryKey, type SessionResponse } from './get-session';

export function signOut(): Promise<{ ok: boolean }> {
  return api.post('/api/account/sign-out');
}

/**
 * Signs out on the server; the local state is cleared whatever the answer (spec: a failed sign-out is
 * only logged). `leave` runs first, so no member screen is still mounted when the session turns null.
 */
export function useSignOut({ leave }: { leave: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await signOut();
      } catch (error) {
        console.warn('Sign-out call failed; clearing local state anyway', error);
      }
      await leave();
      queryClient.clear();
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
    },
  });
}
