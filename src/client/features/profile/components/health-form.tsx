import { useId, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { HealthProfileView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { healthProfileSchema, type HealthProfileInput } from '@shared/domain/schemas';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { bodyFieldsFrom, bodyFromFields } from '../lib/health-units';
import {
  AboutYouFields,
  BodyInputs,
  ConstraintsField,
  GoalsAndEquipment,
  ShareWeightField,
  type HealthFieldName,
  type HealthFormValues,
} from './health-form-fields';
import { msg } from '@shared/messages';

/** Where the server's and the schema's field names land in this form, per unit. */
function formField(name: string, unit: UnitPref): HealthFieldName {
  if (name === 'heightCm') return unit === 'imperial' ? 'feet' : 'cm';
  if (name === 'weightKg') return unit === 'imperial' ? 'pounds' : 'kg';
  return name as HealthFieldName;
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

/** Converts the member's units to cm and kg, then checks the result with the server's schema. */
function healthResolver(
  health: HealthProfileView | null,
  unit: UnitPref,
): Resolver<HealthFormValues, unknown, HealthProfileInput> {
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
  return async (values) => {
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
  const form = useForm<HealthFormValues, unknown, HealthProfileInput>({
    resolver: healthResolver(health, unit),
    defaultValues: toValues(health, unit),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerFieldErrors(form.setError, error, Object.keys(input), (name) =>
        formField(name, unit),
      );
    }
  });

  const section = { form, idPrefix: id, disabled: isSubmitting };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={msg.common.healthProfile}
      className="flex flex-col gap-5"
    >
      <AboutYouFields {...section} />
      <BodyInputs {...section} unit={unit} />
      <GoalsAndEquipment {...section} />
      <ConstraintsField {...section} />
      <ShareWeightField {...section} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
