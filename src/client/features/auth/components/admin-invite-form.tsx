import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  adminInvitePasswordSchema,
  type AdminInvitePasswordData,
  type AdminInvitePasswordInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { useAcceptAdminInvite } from '../api/accept-admin-invite';
import { PasswordStrengthMeter } from './password-strength-meter';
import { AcceptTermsField } from './accept-terms-field';

/**
 * An admin-invited person sets a password and accepts the terms (as at sign-up); the e-mail comes
 * from the link and cannot be changed.
 */
export function AdminInviteForm({
  email,
  token,
  onActivated,
}: {
  email: string;
  token: string;
  onActivated: (isAdmin: boolean) => void;
}) {
  const id = useId();
  const accept = useAcceptAdminInvite();
  const form = useForm<AdminInvitePasswordInput, unknown, AdminInvitePasswordData>({
    resolver: zodResolver(adminInvitePasswordSchema),
    defaultValues: { email, password: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const error = form.formState.errors.password?.message;
  const termsError = form.formState.errors.acceptTerms?.message;

  useEffect(() => {
    form.setFocus('password');
  }, [form]);

  const onSubmit = form.handleSubmit((input) =>
    accept
      .mutateAsync(
        { ...input, token },
        {
          onSuccess: (result) => {
            toast.success(result.isAdmin ? msg.welcomeAdmin : msg.accountActivated);
            onActivated(result.isAdmin);
          },
          onError: (err) => {
            const message = errorMessage(err, msg.setPasswordFailed);
            toast.error(message);
            applyServerFieldErrors(form.setError, err, ['password', 'acceptTerms']);
          },
        },
      )
      .catch(() => undefined),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>{msg.common.email}</Label>
        <Input id={`${id}-email`} type="email" value={email} readOnly autoComplete="username" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>{msg.adminInviteForm.chooseAPassword}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            error && `${id}-password-error`,
            `${id}-password-hint`,
            password && `${id}-password-strength`,
          )}
          {...form.register('password')}
        />
        <FieldMessage id={`${id}-password-error`} tone="error">
          {error}
        </FieldMessage>
        <FieldMessage id={`${id}-password-hint`}>{msg.passwordHint}</FieldMessage>
        <PasswordStrengthMeter password={password} id={`${id}-password-strength`} />
      </div>
      <AcceptTermsField
        id={`${id}-terms`}
        errorId={`${id}-terms-error`}
        error={termsError}
        registration={form.register('acceptTerms')}
      />
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? msg.loading : msg.adminInviteForm.setPasswordAndContinue}
      </Button>
    </form>
  );
}
