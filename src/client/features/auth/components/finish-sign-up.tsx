import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Info } from 'lucide-react';
import type { SessionUser } from '@shared/api-types';
import {
  finishSignUpSchema,
  type FinishSignUpData,
  type FinishSignUpInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { shownByMeta } from '@client/lib/query-client';
import { AuthPage } from '@client/components/layout/auth-page';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { useFinishSignUp } from '../api/finish-sign-up';
import { useSignOut } from '../api/sign-out';
import { AcceptTermsField } from './accept-terms-field';

const FIELDS = ['displayName', 'acceptTerms'] as const;

/**
 * In front of every member screen while the account is unfinished (decision 0095): the code was
 * entered in another browser than the sign-up's, so the name and the terms chosen there stayed there.
 * Says so, and asks for both before the app opens; then, as after a sign-up's code, the free trial.
 */
export function FinishSignUp({ user }: { user: SessionUser }) {
  const id = useId();
  const navigate = useNavigate();
  // As after a sign-up's code (spec): the free trial first. Set before the session says finished, so
  // the app opens there, and a crew link opened before signing up waits until after it.
  const finish = useFinishSignUp({
    onFinished: () => void navigate(pagePath('app-start-trial'), { replace: true }),
  });
  const signOut = useSignOut();
  const form = useForm<FinishSignUpInput, unknown, FinishSignUpData>({
    resolver: zodResolver(finishSignUpSchema),
    defaultValues: { displayName: user.displayName },
  });
  const { errors } = form.formState;
  const nameError = errors.displayName?.message;

  const onSubmit = form.handleSubmit((input) =>
    finish
      .mutateAsync(input, {
        onError: (error) => applyServerFieldErrors(form.setError, error, FIELDS),
      })
      .catch(shownByMeta),
  );

  return (
    <AuthPage
      title={msg.finishSignUpTitle}
      description={msg.finishSignUpAsk}
      footer={
        <Button
          type="button"
          variant="ghost"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {msg.signOut}
        </Button>
      }
    >
      <title>{msg.common.pageTitle(msg.finishSignUpTitle)}</title>
      <div className="flex flex-col gap-5">
        <p className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{msg.finishSignUpElsewhere}</span>
        </p>
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>{msg.common.displayName}</Label>
            <Input
              id={`${id}-name`}
              autoComplete="nickname"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy(nameError && `${id}-name-error`)}
              {...form.register('displayName')}
            />
            <FieldMessage id={`${id}-name-error`} tone="error">
              {nameError}
            </FieldMessage>
          </div>
          <AcceptTermsField
            id={`${id}-terms`}
            errorId={`${id}-terms-error`}
            error={errors.acceptTerms?.message}
            registration={form.register('acceptTerms')}
          />
          <Button type="submit" size="lg" disabled={finish.isPending}>
            {finish.isPending ? msg.loading : msg.finishSignUpOpen}
          </Button>
        </form>
      </div>
    </AuthPage>
  );
}
