import { useId, type ComponentProps, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX, PERSON_NAME_MAX } from '@shared/constants';
import { inviteSchema, type InviteData, type InviteInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { useSendInvite } from '../api/send-invite';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

const NAME_INPUT: ComponentProps<typeof Input> = {
  autoComplete: 'off',
  maxLength: PERSON_NAME_MAX,
};
const EMAIL_INPUT: ComponentProps<typeof Input> = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'off',
  placeholder: 'buddy@example.com',
  maxLength: EMAIL_MAX,
  required: true,
};

/** A field's input id, its error message's id and the message, if any. */
interface InviteFieldIds {
  id: string;
  errorId: string;
  error: string | undefined;
}

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
      onSent();
    } catch (error) {
      // The toast is the mutation's meta; a 422 also shows under its fields.
      applyServerFieldErrors(form.setError, error, FIELDS);
    }
  });

  const field = (name: (typeof FIELDS)[number]): InviteFieldIds => ({
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
        <InviteField
          field={first}
          label={msg.inviteForm.firstName}
          busy={busy}
          inputProps={NAME_INPUT}
          registration={form.register('firstName')}
        />
        <InviteField
          field={last}
          label={
            <>
              {msg.inviteForm.lastName}{' '}
              <span className="font-normal text-muted-foreground">{msg.common.optional}</span>
            </>
          }
          busy={busy}
          inputProps={NAME_INPUT}
          registration={form.register('lastName')}
        />
      </div>
      <InviteField
        field={mail}
        label={msg.common.email}
        busy={busy}
        inputProps={EMAIL_INPUT}
        registration={form.register('email')}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {msg.common.cancel}
        </Button>
        <Button type="submit" disabled={busy || email.trim() === ''}>
          {busy ? msg.sending : msg.common.sendInvite}
        </Button>
      </div>
    </form>
  );
}

/** One labelled input of the invite form, with its error message. */
function InviteField({
  field,
  label,
  busy,
  inputProps,
  registration,
}: {
  field: InviteFieldIds;
  label: ReactNode;
  busy: boolean;
  inputProps: ComponentProps<typeof Input>;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        id={field.id}
        {...inputProps}
        disabled={busy}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.error && field.errorId)}
        {...registration}
      />
      <FieldMessage id={field.errorId} tone="error">
        {field.error}
      </FieldMessage>
    </div>
  );
}
