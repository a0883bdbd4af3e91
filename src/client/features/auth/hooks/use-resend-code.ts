import { useCallback } from 'react';
import { toast } from 'sonner';
import { RESEND_COOLDOWN_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { useSendCode, type CodePurpose } from '../api/send-code';
import { codeCooldown } from '../lib/code-cooldown';
import { useCountdown } from './use-countdown';

/**
 * Resending a code: the 30 s lock, the toasts, and the server's own wait when it refuses. The lock
 * counts down on the button ('Resend code in 12s') and lifts by itself.
 */
export function useResendCode(purpose: CodePurpose) {
  const { secondsLeft, start } = useCountdown();
  const sendCode = useSendCode('newCodeSent');

  /** Locks the button for `seconds` (30 by default: a code was just mailed). */
  const lock = useCallback((seconds: number = RESEND_COOLDOWN_SECONDS) => start(seconds), [start]);

  function resend(email: string) {
    sendCode.mutate(
      { email, purpose },
      {
        onSuccess: () => lock(),
        onError: (error) => {
          const cooldown = codeCooldown(error);
          if (cooldown) lock(cooldown.retryAfter);
          // The code mailed moments ago still works: nothing failed, the member only waits.
          if (cooldown?.codeSent) toast.info(msg.codeAlreadySent);
          else toast.error(errorMessage(error, msg.resendCodeFailed));
        },
      },
    );
  }

  return { secondsLeft, lock, resend, pending: sendCode.isPending };
}
