import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyCodeData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { sessionQueryKey } from './get-session';

export function signInWithCode(input: VerifyCodeData): Promise<{ ok: boolean }> {
  return api.post('/api/account/sign-in', input);
}

/** Sets the session cookie, so the cached session is out of date. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    // Not awaited: the screen moves on at once and the guard shows 'Authenticating...' meanwhile.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
