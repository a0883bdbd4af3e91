import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { VerifyCodeData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { browserTimeZone } from '@client/lib/browser-time-zone';
import { queryKeys } from '@client/lib/query-keys';

export function signInWithCode(input: VerifyCodeData): Promise<OkResponse> {
  return api.post('/api/account/sign-in', { ...input, timeZone: browserTimeZone() });
}

/** Sets the session cookie, so the cached session is out of date. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    // A refused code is shown under the code box (useCodeForm), so only the success is here.
    meta: { success: 'signedIn' },
    // Not awaited: the screen moves on at once and the guard shows 'Authenticating...' meanwhile.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session.all }),
  });
}
