import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Clock } from 'lucide-react';
import {
  signInEmailSchema,
  type SignInEmailData,
  type SignInEmailInput,
} from '@shared/domain/schemas';
import { CODE_LENGTH } from '@shared/constants';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { useSendCode } from '../api/send-code';
import { useSignIn } from '../api/sign-in';
import { useCodeForm } from '../hooks/use-code-form';
import { useCountdown } from '../hooks/use-countdown';
import { useResendCode } from '../hooks/use-resend-code';
import { codeCooldown } from '../lib/code-cooldown';
import { isCompleteCode } from './code-input';
import { ResendCodeButton } from './resend-code-button';
import { CodeField, CodeSentNotice } from './code-field';
import { pagePath } from '@shared/pages';

/** Sign-in by e-mailed code: step one asks for the e-mail, step two for the code. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);
  const resend = useResendCode('sign-in');

  if (email === null) {
    return (
      <EmailStep
        focusOnMount={returning}
        onCodeSent={(sentTo, lockSeconds) => {
          setEmail(sentTo);
          resend.lock(lockSeconds);
        }}
      />
    );
  }
  return (
    <CodeStep
      email={email}
      resend={resend}
      onSignedIn={onSignedIn}
      onDifferentEmail={() => {
        setReturning(true);
        setEmail(null);
      }}
    />
  );
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How long until a new code may be sent to the address the server asked us to wait for. */
function CodeWaitNotice({
  id,
  waiting,
  secondsLeft,
}: {
  id: string;
  waiting: boolean;
  secondsLeft: number;
}) {
  // Announced once when the wait appears; the seconds then tick quietly (role timer).
  return (
    <div aria-live="polite">
      {waiting && (
        <p
          id={id}
          role="timer"
          aria-live="off"
          className="tabular flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {msg.waitBeforeNewCode(secondsLeft)}
        </p>
      )}
    </div>
  );
}

function EmailStep({
  focusOnMount,
  onCodeSent,
}: {
  focusOnMount: boolean;
  /** A code is in the member's mailbox (just now, or moments ago): go on to the code step. */
  onCodeSent: (email: string, lockSeconds?: number) => void;
}) {
  const id = useId();
  const sendCode = useSendCode('codeSent');
  const wait = useCountdown();
  // The address the server asked us to wait for: another address may be tried at once.
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const form = useForm<SignInEmailInput, unknown, SignInEmailData>({
    resolver: zodResolver(signInEmailSchema),
    defaultValues: { email: '' },
  });
  const typed = useWatch({ control: form.control, name: 'email' }) ?? '';
  const error = form.formState.errors.email?.message;
  const waiting = wait.secondsLeft > 0 && waitingFor !== null && sameAddress(typed, waitingFor);
  const waitId = `${id}-wait`;

  useEffect(() => {
    if (focusOnMount) form.setFocus('email');
  }, [focusOnMount, form]);

  const onSubmit = form.handleSubmit(({ email }) =>
    sendCode
      .mutateAsync(
        { email, purpose: 'sign-in' },
        {
          onSuccess: () => onCodeSent(email),
          onError: (err) => {
            const cooldown = codeCooldown(err);
            if (cooldown?.codeSent) {
              // The code mailed moments ago still works: enter it, and resend once the wait is over.
              toast.info(msg.codeAlreadySent);
              onCodeSent(email, cooldown.retryAfter);
            } else if (cooldown) {
              setWaitingFor(email);
              wait.start(cooldown.retryAfter);
            } else {
              toast.error(errorMessage(err, msg.sendCodeFailed));
            }
          },
        },
      )
      .catch(() => undefined),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>{msg.common.email}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={msg.common.youExampleCom}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-email-error`)}
          {...form.register('email')}
        />
        <FieldMessage id={`${id}-email-error`} tone="error">
          {error}
        </FieldMessage>
      </div>
      <CodeWaitNotice id={waitId} waiting={waiting} secondsLeft={wait.secondsLeft} />
      <Button
        type="submit"
        size="lg"
        disabled={sendCode.isPending || waiting}
        aria-describedby={waiting ? waitId : undefined}
      >
        {sendCode.isPending ? msg.sending : msg.signInForm.sendCode}
      </Button>
    </form>
  );
}

function CodeStep({
  email,
  resend,
  onSignedIn,
  onDifferentEmail,
}: {
  email: string;
  resend: ReturnType<typeof useResendCode>;
  onSignedIn: () => void;
  onDifferentEmail: () => void;
}) {
  const id = useId();
  const signIn = useSignIn();
  const { form, error, refuse } = useCodeForm(email, msg.authenticationFailed);
  const code = useWatch({ control: form.control, name: 'code' }) ?? '';

  const onSubmit = form.handleSubmit((input) =>
    signIn
      .mutateAsync(input, {
        onSuccess: () => onSignedIn(),
        onError: refuse,
      })
      .catch(() => undefined),
  );

  return (
    <div className="flex flex-col gap-4">
      <CodeSentNotice email={email} ifAccount />
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <CodeField
          id={id}
          label={msg.signInForm.codeLabel(CODE_LENGTH)}
          control={form.control}
          name="code"
          error={error}
          onEdit={() => {
            if (error) form.clearErrors('code');
          }}
        />
        <Button type="submit" size="lg" disabled={!isCompleteCode(code) || signIn.isPending}>
          {signIn.isPending ? msg.loading : msg.signInForm.verifyAndSignIn}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" onClick={onDifferentEmail}>
          <ArrowLeft aria-hidden className="size-4" />
          {msg.tryDifferentEmail}
        </Button>
        <ResendCodeButton
          secondsLeft={resend.secondsLeft}
          pending={resend.pending}
          onResend={() => resend.resend(email)}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {msg.noCodeYet}{' '}
        <Link
          to={pagePath('signup')}
          className="font-semibold text-accent-text underline underline-offset-4"
        >
          {msg.noCodeYetLink}
        </Link>
        .
      </p>
    </div>
  );
}
