import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Beef, Droplets } from 'lucide-react';
import type { CheckinData, CheckinInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { JournalEditor } from '@client/components/journal-editor/journal-editor';

type InputProps = React.ComponentProps<typeof Input>;
type CheckinControl = Control<CheckinInput, unknown, CheckinData>;

/** One of the numbers (move minutes, steps): label, number input with its unit, and its error. */
export function NumberField({
  fieldId,
  label,
  icon,
  unit,
  max,
  error,
  defaultValue,
  registration,
}: {
  fieldId: string;
  label: string;
  icon: ReactNode;
  unit: string;
  max: number;
  error: string | undefined;
  defaultValue: string;
  registration: InputProps;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={fieldId} className="flex items-center gap-1.5">
        {icon}
        {label}
      </Label>
      <div className="relative">
        <Input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          placeholder="0"
          autoComplete="off"
          className="tabular [appearance:textfield] pr-14 text-lg font-semibold [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${fieldId}-error`)}
          // In the markup too: the served home shows a connection's numbers before any script runs.
          defaultValue={defaultValue}
          {...registration}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
        >
          {unit}
        </span>
      </div>
      <FieldMessage id={`${fieldId}-error`} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}

function ToggleField({
  control,
  fieldId,
  name,
  label,
  icon,
  disabled,
  source,
}: {
  control: CheckinControl;
  fieldId: string;
  name: 'proteinTargetHit' | 'hydrationGoalHit';
  label: string;
  icon: ReactNode;
  disabled: boolean;
  /** The app whose delivery met the target and started the box ticked (issue 45). */
  source?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label
          htmlFor={fieldId}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 transition-colors hover:bg-muted/60 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/10"
        >
          <Checkbox
            id={fieldId}
            name={field.name}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            disabled={disabled}
          />
          <span className="flex flex-col gap-0.5">
            <span className="flex items-center gap-2 text-sm font-medium">
              {icon}
              {label}
            </span>
            {source && field.value === true && (
              <span className="text-xs text-muted-foreground">{msg.fuelFrom(source)}</span>
            )}
          </span>
        </label>
      )}
    />
  );
}

/** The Fuel pillar: protein target and hydration goal, each a toggle. */
export function FuelFields({
  control,
  idPrefix,
  disabled,
  sources = {},
}: {
  control: CheckinControl;
  idPrefix: string;
  disabled: boolean;
  /** Boxes a phone app's delivery started ticked, and that app's source name (issue 45). */
  sources?: { protein?: string; hydration?: string };
}) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold">{msg.common.fuel}</span>
      <div className="grid gap-2 sm:grid-cols-2">
        <ToggleField
          control={control}
          fieldId={`${idPrefix}-proteinTargetHit`}
          name="proteinTargetHit"
          label={msg.checkinFormFields.proteinTargetHit}
          icon={<Beef aria-hidden className="size-4 text-muted-foreground" />}
          disabled={disabled}
          source={sources.protein}
        />
        <ToggleField
          control={control}
          fieldId={`${idPrefix}-hydrationGoalHit`}
          name="hydrationGoalHit"
          label={msg.hydrationGoalLabel}
          icon={<Droplets aria-hidden className="size-4 text-muted-foreground" />}
          disabled={disabled}
          source={sources.hydration}
        />
      </div>
    </div>
  );
}

/** The Journal pillar. */
export function JournalField({
  control,
  disabled,
  error,
}: {
  control: CheckinControl;
  disabled: boolean;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name="journalMd"
      render={({ field }) => (
        <JournalEditor
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
          error={error}
        />
      )}
    />
  );
}
