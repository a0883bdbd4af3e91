import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CODE_LENGTH, OTP_TTL_MINUTES } from '@shared/constants';
import { Label } from '@client/components/ui/label';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { RichText } from '@client/i18n/rich-text';
import { CodeInput } from './code-input';
import { msg } from '@shared/messages';

/**
 * "We sent a code to …": the line above every code entry. `ifAccount`: the sign-in page, which mails
 * only an address with an account and must not tell which (decision 0005), says so.
 */
export function CodeSentNotice({
  email,
  ifAccount = false,
}: {
  email: string;
  ifAccount?: boolean;
}) {
  return (
    <p className="text-muted-foreground">
      <RichText
        text={msg.codeField.sent(CODE_LENGTH, email, OTP_TTL_MINUTES, ifAccount)}
        tags={{
          strong: (chunks) => <strong className="break-all text-foreground">{chunks}</strong>,
        }}
      />
    </p>
  );
}

/** The labelled 6-digit code input of a react-hook-form form, with its error linked for screen readers. */
export function CodeField<T extends FieldValues>({
  id,
  label,
  control,
  name,
  error,
  onEdit,
}: {
  id: string;
  label: string;
  control: Control<T>;
  name: Path<T>;
  error?: string;
  /** Called on every change, e.g. to clear a server error once the member types again. */
  onEdit: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-code`}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CodeInput
            id={`${id}-code`}
            name={field.name}
            value={field.value ?? ''}
            onBlur={field.onBlur}
            onChange={(digits) => {
              field.onChange(digits);
              onEdit();
            }}
            ref={field.ref}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-code-error`)}
          />
        )}
      />
      <FieldMessage id={`${id}-code-error`} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}
