import { useId, useMemo } from 'react';
import {
  useForm,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Droplet } from 'lucide-react';
import type { FuelTargetsView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { waterInUnits, waterToMl, waterUnit } from '@shared/domain/fuel';
import { fuelTargetsSchema, type FuelTargetsInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { FieldMessage } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { useFuelTargets } from '../api/get-fuel-targets';
import { useSaveFuelTargets } from '../api/save-fuel-targets';

/** The two boxes as typed: protein in grams, water in the member's unit (litres or cups). */
type TargetFields = { proteinG: string; water: string };

/** The server's name of a target, as this form's box. */
const formField = (name: string): keyof TargetFields => (name === 'waterMl' ? 'water' : 'proteinG');

/** A typed box as a number, null when empty, NaN when it is not a number. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The saved targets as the boxes show them; empty boxes before they are read, or when unset. */
function fieldsOf(targets: FuelTargetsView | undefined, unitPref: UnitPref): TargetFields {
  return {
    proteinG: targets?.proteinG == null ? '' : String(targets.proteinG),
    water: targets?.waterMl == null ? '' : String(waterInUnits(targets.waterMl, unitPref)),
  };
}

/** The boxes as the server's input (water to millilitres), checked by the server's own schema. */
function targetsResolver(unitPref: UnitPref): Resolver<TargetFields, unknown, FuelTargetsInput> {
  return async (values) => {
    const water = numberOrNull(values.water);
    const result = fuelTargetsSchema.safeParse({
      proteinG: numberOrNull(values.proteinG),
      waterMl: water === null ? null : waterToMl(water, unitPref),
    });
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<TargetFields> = {};
    for (const issue of result.error.issues)
      errors[formField(String(issue.path[0] ?? ''))] ??= {
        type: issue.code,
        message: issue.message,
      };
    return { values: {}, errors };
  };
}

/**
 * Settings → Fuel targets (issue 45): protein in grams and water in litres or cups by the member's
 * units. When an app's delivery meets one, today's box on the home form starts ticked.
 */
export function FuelTargetsCard({ unitPref }: { unitPref: UnitPref }) {
  const id = useId();
  const targets = useFuelTargets();
  const save = useSaveFuelTargets();
  // The saved targets fill the boxes when they arrive, but never over what the member has typed
  // meanwhile: on a slow connection the answer can land after they started.
  const saved = useMemo(() => fieldsOf(targets.data, unitPref), [targets.data, unitPref]);
  const form = useForm<TargetFields, unknown, FuelTargetsInput>({
    resolver: targetsResolver(unitPref),
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      form.reset(fieldsOf(await save.mutateAsync(input), unitPref));
    } catch (error) {
      // The toast is the hook's meta; a 422 also marks its boxes.
      applyServerFieldErrors(form.setError, error, ['proteinG', 'waterMl'], formField);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Droplet aria-hidden className="size-5 text-accent-text" />
          {msg.fuelTargetsHeading}
        </CardTitle>
        <CardDescription>{msg.fuelTargetsLead}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={`${id}-title`}
          className="flex flex-col gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TargetField
              id={`${id}-protein`}
              label={msg.fuelTargetProteinLabel}
              inputMode="numeric"
              field={form.register('proteinG')}
              error={errors.proteinG?.message}
            />
            <TargetField
              id={`${id}-water`}
              label={msg.fuelTargetWaterLabel(waterUnit(unitPref))}
              inputMode="decimal"
              field={form.register('water')}
              error={errors.water?.message}
            />
          </div>
          <p className="text-xs text-muted-foreground">{msg.fuelTargetEmptyHint}</p>
          <Button type="submit" className="self-start" disabled={isSubmitting || targets.isPending}>
            {msg.fuelTargetsSave}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TargetField({
  id,
  label,
  inputMode,
  field,
  error,
}: {
  id: string;
  label: string;
  inputMode: 'numeric' | 'decimal';
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={inputMode}
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="tabular-nums"
      />
      <FieldMessage id={`${id}-error`} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}
