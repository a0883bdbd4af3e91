import { CREW_NAME_MAX } from '@shared/constants';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { msg } from '@shared/messages';

/** A crew's name, as starting a crew and renaming one ask it: label, input and its error. */
export function CrewNameField({
  id,
  name,
  onChange,
  error,
  placeholder,
  className,
}: {
  /** The form's useId: the input is `${id}-name`, its error `${id}-error`. */
  id: string;
  name: string;
  onChange: (name: string) => void;
  error: string | undefined;
  placeholder?: string;
  className?: string;
}) {
  return (
    <>
      <Label htmlFor={`${id}-name`}>{msg.crewNameField.crewName}</Label>
      <Input
        id={`${id}-name`}
        value={name}
        maxLength={CREW_NAME_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        placeholder={placeholder}
        className={className}
      />
      <FieldMessage id={`${id}-error`} tone="error">
        {error}
      </FieldMessage>
    </>
  );
}
