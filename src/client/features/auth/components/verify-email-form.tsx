import { useEffect, useId } from 'react';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { useVerifyEmail } from '../api/verify-email';
import { useResendCode } from '../hooks/use-resend-code';
import { useCodeForm } from '../hooks/use-code-form';
import { ResendCodeButton } from './resend-code-button';
import { CodeField, CodeSentNotice } from './code-field';

/**
 * The code mailed at sign-up. Verifying signs the member in and redeems the coupon; `onVerified`
 * gets the free months the server actually granted (0 if the coupon ran out in the meantime).
 */
export function VerifyEmailForm({
  email,
  coupon,
  invite,
  justSignedUp,
  onVerified,
}: {
  email: string;
  coupon?: string;
  /** A buddy-invite token: verification grants its free month and makes the inviter a buddy. */
  invite?: string;
  /** A code was mailed a moment ago, so the resend lock starts running. */
  justSignedUp: boolean;
  onVerified: (monthsFree: number) => void;
}) {
  const id = useId();
  const verify = useVerifyEmail();
  const resend = useResendCode('verify');
  const { lock } = resend;
  const { form, error, refuse } = useCodeForm(email, msg.verificationFailed);

  useEffect(() => {
    if (justSignedUp) lock();
  }, [justSignedUp, lock]);

  const onSubmit = form.handleSubmit((input) =>
    verify
      .mutateAsync(
        { ...input, coupon, invite },
        {
          onSuccess: (result) => onVerified(result.monthsFree),
          onError: refuse,
        },
      )
      .catch(() => undefined),
  );

  return (
    <div className="flex flex-col gap-4">
      <CodeSentNotice email={email} />
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <CodeField
          id={id}
          label={msg.verifyEmailForm.verificationCode}
          control={form.control}
          name="code"
          error={error}
          onEdit={() => {
            if (error) form.clearErrors('code');
          }}
        />
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? msg.loading : msg.verifyEmailForm.verifyEmail}
        </Button>
      </form>
      <div className="flex justify-end">
        <ResendCodeButton
          secondsLeft={resend.secondsLeft}
          pending={resend.pending}
          onResend={() => resend.resend(email)}
        />
      </div>
    </div>
  );
}
