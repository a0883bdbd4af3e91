import { useCallback } from 'react';
import { toast } from 'sonner';
import { RESEND_COOLDOWN_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useSendCode, type CodePurpose } from '../api/send-code';
import { useCountdown } from './use-countdown';

/** Resending a code: the 30 s lock, the toasts, and the server's own wait when it asks for one. */
export function useResendCode(purpose: CodePurpose) {
  const { secondsLeft, start } = useCountdown();
  const sendCode = useSendCode();

  const startCooldown = useCallback(() => start(RESEND_COOLDOWN_SECONDS), [start]);

  /** A 429 says how long to wait: lock the button for exactly that. */
  const lockFor = useCallback(
    (error: unknown) => {
      const retryAfter = error instanceof ApiError ? error.details.retryAfter : undefined;
      if (typeof retryAfter === 'number' && retryAfter > 0) start(retryAfter);
    },
    [start],
  );

  function resend(email: string) {
    sendCode.mutate(
      { email, purpose },
      {
        onSuccess: () => {
          toast.success(msg.newCodeSent);
          startCooldown();
        },
        onError: (error) => {
          toast.error(errorMessage(error, msg.resendCodeFailed));
          lockFor(error);
        },
      },
    );
  }

  return { secondsLeft, startCooldown, lockFor, resend, pending: sendCode.isPending };
}
