import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { EMAIL_MAX, PERSON_NAME_MAX } from '@shared/constants';
import { inviteSchema, type InviteData, type InviteInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { useSendInvite } from '../api/send-invite';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** The invite dialog's form: loaded when the dialog is first reached for (invite-buddies-dialog.tsx). */
export function InviteForm({
  mutation,
  onSent,
  onCancel,
}: {
  mutation: ReturnType<typeof useSendInvite>;
  onSent: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<InviteInput, unknown, InviteData>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const busy = mutation.isPending || isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await mutation.mutateAsync(input);
      toast.success(msg.inviteSent);
      onSent();
    } catch (error) {
      // A refusal (the daily limit, a bad address) in the server's words; anything else in ours.
      toast.error(errorMessage(error, msg.sendInviteFailed));
      applyServerFieldErrors(form.setError, error, FIELDS);
    }
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
  });
  const first = field('firstName');
  const last = field('lastName');
  const mail = field('email');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={first.id}>First name</Label>
          <Input
            id={first.id}
            autoComplete="off"
            maxLength={PERSON_NAME_MAX}
            disabled={busy}
            aria-invalid={first.error ? true : undefined}
            aria-describedby={describedBy(first.error && first.errorId)}
            {...form.register('firstName')}
          />
          <FieldMessage id={first.errorId} tone="error">
            {first.error}
          </FieldMessage>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={last.id}>
            Last name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={last.id}
            autoComplete="off"
            maxLength={PERSON_NAME_MAX}
            disabled={busy}
            aria-invalid={last.error ? true : undefined}
            aria-describedby={describedBy(last.error && last.errorId)}
            {...form.register('lastName')}
          />
          <FieldMessage id={last.errorId} tone="error">
            {last.error}
          </FieldMessage>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={mail.id}>Email</Label>
        <Input
          id={mail.id}
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="buddy@example.com"
          maxLength={EMAIL_MAX}
          required
          disabled={busy}
          aria-invalid={mail.error ? true : undefined}
          aria-describedby={describedBy(mail.error && mail.errorId)}
          {...form.register('email')}
        />
        <FieldMessage id={mail.errorId} tone="error">
          {mail.error}
        </FieldMessage>
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || email.trim() === ''}>
          {busy ? msg.sending : 'Send invite'}
        </Button>
      </div>
    </form>
  );
}
