import { EquipmentChips, GoalChips } from '@client/components/goal-equipment-chips';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { HealthProfileInput } from '@shared/domain/schemas';
import { BIRTH_YEAR_MIN, GENDERS, HEALTH_CONSTRAINTS_MAX, type UnitPref } from '@shared/constants';
import { msg } from '@shared/messages';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import type { BodyFields } from '../lib/health-units';

export interface HealthFormValues extends BodyFields {
  birthYear: string;
  gender: string;
  baselineSteps: string;
  goals: string[];
  equipment: string[];
  constraints: string;
  socialShareWeight: boolean;
}

export type HealthFieldName = keyof HealthFormValues;
export type HealthFormState = UseFormReturn<HealthFormValues, unknown, HealthProfileInput>;

interface SectionProps {
  form: HealthFormState;
  idPrefix: string;
  disabled: boolean;
}

function fieldState(form: HealthFormState, idPrefix: string, name: HealthFieldName) {
  const error = form.formState.errors[name];
  return {
    id: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
    error: error?.message,
    invalid: error ? true : undefined,
  };
}

function NumberInput({
  form,
  idPrefix,
  disabled,
  name,
  label,
  inputProps = {},
}: SectionProps & { name: HealthFieldName; label: string; inputProps?: object }) {
  const f = fieldState(form, idPrefix, name);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={f.id}>{label}</Label>
      <Input
        id={f.id}
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={f.invalid}
        aria-describedby={describedBy(f.error && f.errorId)}
        className="tabular-nums"
        {...inputProps}
        {...form.register(name)}
      />
      <FieldMessage id={f.errorId} tone="error">
        {f.error}
      </FieldMessage>
    </div>
  );
}

/** Birth year and gender. */
export function AboutYouFields(props: SectionProps) {
  const { form, disabled } = props;
  const gender = fieldState(form, props.idPrefix, 'gender');
  const thisYear = new Date().getFullYear();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberInput
        {...props}
        name="birthYear"
        label={msg.healthFormFields.birthYear}
        inputProps={{
          inputMode: 'numeric',
          placeholder: `${BIRTH_YEAR_MIN}–${thisYear}`,
          'aria-required': true,
        }}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={gender.id}>{msg.healthFormFields.genderOptional}</Label>
        <NativeSelect
          id={gender.id}
          disabled={disabled}
          aria-invalid={gender.invalid}
          aria-describedby={describedBy(gender.error && gender.errorId)}
          {...form.register('gender')}
        >
          <option value="">{msg.healthFormFields.notSet}</option>
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {msg.options.gender[value]}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={gender.errorId} tone="error">
          {gender.error}
        </FieldMessage>
      </div>
    </div>
  );
}

/** Height and weight in the member's units, then their usual daily steps. */
export function BodyInputs(props: SectionProps & { unit: UnitPref }) {
  const { unit, ...section } = props;
  return (
    <>
      {unit === 'imperial' ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <NumberInput
            {...section}
            name="feet"
            label={msg.healthFormFields.heightFt}
            inputProps={{ inputMode: 'numeric' }}
          />
          <NumberInput {...section} name="inches" label={msg.healthFormFields.heightIn} />
          <div className="col-span-2 sm:col-span-1">
            <NumberInput {...section} name="pounds" label={msg.healthFormFields.weightLb} />
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-4">
          <NumberInput {...section} name="cm" label={msg.healthFormFields.heightCm} />
          <NumberInput {...section} name="kg" label={msg.healthFormFields.weightKg} />
        </div>
      )}
      <NumberInput
        {...section}
        name="baselineSteps"
        label={msg.healthFormFields.usualDailySteps}
        inputProps={{ inputMode: 'numeric' }}
      />
    </>
  );
}

/** Goals and equipment, each a set of chips. */
export function GoalsAndEquipment({ form, disabled }: SectionProps) {
  return (
    <>
      <GoalChips control={form.control} name="goals" disabled={disabled} />
      <EquipmentChips control={form.control} name="equipment" disabled={disabled} />
    </>
  );
}

export function ConstraintsField({ form, idPrefix, disabled }: SectionProps) {
  const constraints = fieldState(form, idPrefix, 'constraints');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={constraints.id}>{msg.healthFormFields.injuriesOrLimitsOptional}</Label>
      <Textarea
        id={constraints.id}
        rows={3}
        maxLength={HEALTH_CONSTRAINTS_MAX}
        disabled={disabled}
        placeholder={msg.healthFormFields.anythingYourWorkoutsShouldWork}
        aria-invalid={constraints.invalid}
        aria-describedby={describedBy(constraints.error && constraints.errorId)}
        {...form.register('constraints')}
      />
      <FieldMessage id={constraints.errorId} tone="error">
        {constraints.error}
      </FieldMessage>
    </div>
  );
}

export function ShareWeightField({ form, idPrefix, disabled }: SectionProps) {
  const share = fieldState(form, idPrefix, 'socialShareWeight');
  return (
    <Controller
      control={form.control}
      name="socialShareWeight"
      render={({ field: shareField }) => (
        <div className="flex min-h-11 items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={share.id} className="font-medium">
              {msg.healthFormFields.shareMyWeightProgressWith}
            </Label>
            <p id={`${share.id}-note`} className="text-sm text-muted-foreground">
              {msg.weightSharingNote}
            </p>
          </div>
          <Switch
            id={share.id}
            checked={shareField.value}
            onCheckedChange={shareField.onChange}
            disabled={disabled}
            aria-describedby={`${share.id}-note`}
          />
        </div>
      )}
    />
  );
}
