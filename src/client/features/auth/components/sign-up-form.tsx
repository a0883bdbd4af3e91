import { useId, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SignUpResponse } from '@shared/api-types';
import { signUpSchema, type SignUpData, type SignUpInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { browserTimeZone } from '@client/lib/browser-time-zone';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { useSignUp } from '../api/sign-up';
import { PasswordStrengthMeter } from './password-strength-meter';
import { AcceptTermsField } from './accept-terms-field';

const FORM_FIELDS = ['displayName', 'email', 'password', 'acceptTerms'] as const;

/** A field's input id, its error message's id and the message, if any. */
interface SignUpField {
  id: string;
  errorId: string;
  error: string | undefined;
}

/**
 * Display name, e-mail and password. The coupon box belongs to the pricing feature, so the screen
 * passes it in (`couponField`) together with the code typed there; the server checks that code again.
 */
export function SignUpForm({
  couponField,
  couponCode,
  onCouponRejected,
  onSignedUp,
}: {
  couponField: ReactNode;
  couponCode: string | undefined;
  onCouponRejected: (message: string) => void;
  onSignedUp: (result: SignUpResponse) => void;
}) {
  const id = useId();
  const { form, onSubmit, isPending } = useSignUpForm({
    couponCode,
    onCouponRejected,
    onSignedUp,
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const field = (name: (typeof FORM_FIELDS)[number]): SignUpField => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
  });
  const displayName = field('displayName');
  const email = field('email');
  const pw = field('password');
  const terms = field('acceptTerms');

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={displayName.id}>{msg.common.displayName}</Label>
        <Input
          id={displayName.id}
          autoComplete="nickname"
          aria-invalid={displayName.error ? true : undefined}
          aria-describedby={describedBy(displayName.error && displayName.errorId)}
          {...form.register('displayName')}
        />
        <FieldMessage id={displayName.errorId} tone="error">
          {displayName.error}
        </FieldMessage>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={email.id}>{msg.common.email}</Label>
        <Input
          id={email.id}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={msg.common.youExampleCom}
          aria-invalid={email.error ? true : undefined}
          aria-describedby={describedBy(email.error && email.errorId)}
          {...form.register('email')}
        />
        <FieldMessage id={email.errorId} tone="error">
          {email.error}
        </FieldMessage>
      </div>

      <PasswordField
        field={pw}
        password={password}
        hintId={`${id}-password-hint`}
        strengthId={`${id}-password-strength`}
        registration={form.register('password')}
      />

      {couponField}

      <AcceptTermsField {...terms} registration={form.register('acceptTerms')} />

      <Button type="submit" size="lg" disabled={isPending}>
        {isPending ? msg.loading : msg.signUpForm.createAccount}
      </Button>
    </form>
  );
}

/** The form's state and its submit: the account is made with the coupon typed and this browser's zone. */
function useSignUpForm({
  couponCode,
  onCouponRejected,
  onSignedUp,
}: {
  couponCode: string | undefined;
  onCouponRejected: (message: string) => void;
  onSignedUp: (result: SignUpResponse) => void;
}) {
  const signUp = useSignUp();
  const form = useForm<SignUpInput, unknown, SignUpData>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((input) =>
    signUp
      .mutateAsync(
        { ...input, coupon: couponCode, timeZone: browserTimeZone() },
        {
          onSuccess: (result) => onSignedUp(result),
          // The toast is the mutation's meta; a 422 also shows under its fields.
          onError: (error) => {
            const fields = applyServerFieldErrors(form.setError, error, FORM_FIELDS);
            if (fields?.coupon) onCouponRejected(fields.coupon);
          },
        },
      )
      .catch(() => undefined),
  );
  return { form, onSubmit, isPending: signUp.isPending };
}

/** The password, its hint and, once something is typed, its strength. */
function PasswordField({
  field: pw,
  password,
  hintId,
  strengthId,
  registration,
}: {
  field: SignUpField;
  password: string;
  hintId: string;
  strengthId: string;
  registration: UseFormRegisterReturn<'password'>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={pw.id}>{msg.signUpForm.password}</Label>
      <Input
        id={pw.id}
        type="password"
        autoComplete="new-password"
        aria-invalid={pw.error ? true : undefined}
        aria-describedby={describedBy(pw.error && pw.errorId, hintId, password && strengthId)}
        {...registration}
      />
      <FieldMessage id={pw.errorId} tone="error">
        {pw.error}
      </FieldMessage>
      <FieldMessage id={hintId}>{msg.passwordHint}</FieldMessage>
      <PasswordStrengthMeter password={password} id={strengthId} />
    </div>
  );
}
