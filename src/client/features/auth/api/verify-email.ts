import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@shared/api-types';
import type { VerifyCodeData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { browserTimeZone } from '@client/lib/browser-time-zone';
import { queryKeys } from '@client/lib/query-keys';

export interface VerifyEmailInput extends VerifyCodeData {
  coupon?: string;
  /** A buddy-invite token carried from /invite/{token}. */
  invite?: string;
}

export function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResponse> {
  return api.post('/api/account/verify-email', { ...input, timeZone: browserTimeZone() });
}

/** Signs the new member in (session) and may grant free months (their subscription). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A refused code is shown under the code box (useCodeForm), so only the success is here.
    meta: { success: 'emailVerified' },
    // Not awaited: the screen moves on at once and the guard shows 'Authenticating...' meanwhile.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all });
    },
  });
}
