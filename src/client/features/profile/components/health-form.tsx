import { ToggleChips } from '@client/components/ui/toggle-chips';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { HealthProfileView } from '@shared/api-types';
import {
  BIRTH_YEAR_MIN,
  EQUIPMENT,
  EQUIPMENT_LABELS,
  FITNESS_GOAL_LABELS,
  FITNESS_GOALS,
  GENDER_LABELS,
  GENDERS,
  HEALTH_CONSTRAINTS_MAX,
  type UnitPref,
} from '@shared/constants';
import { healthProfileSchema, type HealthProfileInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { bodyFieldsFrom, bodyFromFields, type BodyFields } from '../lib/health-units';

interface HealthFormValues extends BodyFields {
  birthYear: string;
  gender: string;
  baselineSteps: string;
  goals: string[];
  equipment: string[];
  constraints: string;
  socialShareWeight: boolean;
}

type FieldName = keyof HealthFormValues;

/** Where the server's and the schema's field names land in this form, per unit. */
function formField(name: string, unit: UnitPref): FieldName {
  if (name === 'heightCm') return unit === 'imperial' ? 'feet' : 'cm';
  if (name === 'weightKg') return unit === 'imperial' ? 'pounds' : 'kg';
  return name as FieldName;
}

function toValues(health: HealthProfileView | null, unit: UnitPref): HealthFormValues {
  return {
    birthYear: health?.birthYear?.toString() ?? '',
    gender: health?.gender ?? '',
    baselineSteps: health?.baselineSteps?.toString() ?? '',
    goals: health?.goals ?? [],
    equipment: health?.equipment ?? [],
    constraints: health?.constraints ?? '',
    socialShareWeight: health?.socialShareWeight ?? false,
    ...bodyFieldsFrom(
      { heightCm: health?.heightCm ?? null, weightKg: health?.weightKg ?? null },
      unit,
    ),
  };
}

/**
 * The health profile form, in the member's units. It converts feet, inches and pounds to cm and kg
 * (and keeps untouched values exactly as stored), then checks the result with the shared schema the
 * server uses, showing each message at the field the member typed in.
 */
export function HealthForm({
  health,
  unit,
  submitLabel,
  onSave,
  secondaryAction,
}: {
  health: HealthProfileView | null;
  unit: UnitPref;
  submitLabel: string;
  /** Throws on failure; a 422's field messages are shown at their fields. */
  onSave: (input: HealthProfileInput) => Promise<void>;
  secondaryAction?: ReactNode;
}) {
  const id = useId();
  const stored = { heightCm: health?.heightCm ?? null, weightKg: health?.weightKg ?? null };

  const toInput = (values: HealthFormValues): HealthProfileInput => {
    const body = bodyFromFields(values, unit, stored);
    return {
      birthYear: values.birthYear,
      gender: values.gender,
      heightCm: body.heightCm,
      weightKg: body.weightKg,
      baselineSteps: values.baselineSteps,
      goals: values.goals as HealthProfileInput['goals'],
      equipment: values.equipment as HealthProfileInput['equipment'],
      constraints: values.constraints,
      socialShareWeight: values.socialShareWeight,
    };
  };

  const resolver: Resolver<HealthFormValues, unknown, HealthProfileInput> = async (values) => {
    const input = toInput(values);
    const result = healthProfileSchema.safeParse(input);
    if (result.success) return { values: input, errors: {} };
    const errors: FieldErrors<HealthFormValues> = {};
    for (const issue of result.error.issues) {
      const name = formField(String(issue.path[0] ?? ''), unit);
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };

  const form = useForm<HealthFormValues, unknown, HealthProfileInput>({
    resolver,
    defaultValues: toValues(health, unit),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerFieldErrors(form.setError, error, Object.keys(input), (name) =>
        formField(name, unit),
      );
    }
  });

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
    invalid: errors[name] ? true : undefined,
  });
  const numberInput = (name: FieldName, label: string, props: object = {}) => {
    const f = field(name);
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={f.id}>{label}</Label>
        <Input
          id={f.id}
          inputMode="decimal"
          autoComplete="off"
          disabled={isSubmitting}
          aria-invalid={f.invalid}
          aria-describedby={describedBy(f.error && f.errorId)}
          className="tabular-nums"
          {...props}
          {...form.register(name)}
        />
        <FieldMessage id={f.errorId} tone="error">
          {f.error}
        </FieldMessage>
      </div>
    );
  };
  const gender = field('gender');
  const constraints = field('constraints');
  const share = field('socialShareWeight');
  const thisYear = new Date().getFullYear();

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Health profile"
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {numberInput('birthYear', 'Birth year', {
          inputMode: 'numeric',
          placeholder: `${BIRTH_YEAR_MIN}–${thisYear}`,
          'aria-required': true,
        })}
        <div className="flex flex-col gap-2">
          <Label htmlFor={gender.id}>Gender (optional)</Label>
          <NativeSelect
            id={gender.id}
            disabled={isSubmitting}
            aria-invalid={gender.invalid}
            aria-describedby={describedBy(gender.error && gender.errorId)}
            {...form.register('gender')}
          >
            <option value="">Not set</option>
            {GENDERS.map((value) => (
              <option key={value} value={value}>
                {GENDER_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={gender.errorId} tone="error">
            {gender.error}
          </FieldMessage>
        </div>
      </div>

      {unit === 'imperial' ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {numberInput('feet', 'Height (ft)', { inputMode: 'numeric' })}
          {numberInput('inches', 'Height (in)')}
          <div className="col-span-2 sm:col-span-1">{numberInput('pounds', 'Weight (lb)')}</div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-4">
          {numberInput('cm', 'Height (cm)')}
          {numberInput('kg', 'Weight (kg)')}
        </div>
      )}

      {numberInput('baselineSteps', 'Usual daily steps', { inputMode: 'numeric' })}

      <Controller
        control={form.control}
        name="goals"
        render={({ field: goals }) => (
          <ToggleChips
            legend="Goals"
            options={FITNESS_GOALS.map((value) => ({ value, label: FITNESS_GOAL_LABELS[value] }))}
            selected={goals.value}
            onChange={goals.onChange}
            disabled={isSubmitting}
            error={errors.goals?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="equipment"
        render={({ field: equipment }) => (
          <ToggleChips
            legend="Equipment"
            options={EQUIPMENT.map((value) => ({ value, label: EQUIPMENT_LABELS[value] }))}
            selected={equipment.value}
            onChange={equipment.onChange}
            disabled={isSubmitting}
            error={errors.equipment?.message}
          />
        )}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor={constraints.id}>Injuries or limits (optional)</Label>
        <Textarea
          id={constraints.id}
          rows={3}
          maxLength={HEALTH_CONSTRAINTS_MAX}
          disabled={isSubmitting}
          placeholder="Anything your workouts should work around"
          aria-invalid={constraints.invalid}
          aria-describedby={describedBy(constraints.error && constraints.errorId)}
          {...form.register('constraints')}
        />
        <FieldMessage id={constraints.errorId} tone="error">
          {constraints.error}
        </FieldMessage>
      </div>

      <Controller
        control={form.control}
        name="socialShareWeight"
        render={({ field: shareField }) => (
          <div className="flex min-h-11 items-center justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor={share.id} className="font-medium">
                Share my weight progress with the community
              </Label>
              <p id={`${share.id}-note`} className="text-sm text-muted-foreground">
                {msg.weightSharingNote}
              </p>
            </div>
            <Switch
              id={share.id}
              checked={shareField.value}
              onCheckedChange={shareField.onChange}
              disabled={isSubmitting}
              aria-describedby={`${share.id}-note`}
            />
          </div>
        )}
      />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
