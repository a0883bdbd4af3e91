import { useEffect, useId, useState, type FormEvent } from 'react';
import { Droplet } from 'lucide-react';
import type { UnitPref } from '@shared/constants';
import { waterInUnits, waterToMl, waterUnit } from '@shared/domain/fuel';
import { fuelTargetsSchema } from '@shared/domain/schemas';
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
import { shownByMeta } from '@client/lib/query-client';
import { useFuelTargets } from '../api/get-fuel-targets';
import { useSaveFuelTargets } from '../api/save-fuel-targets';

/** A typed box as a number, null when empty, NaN when it is not a number. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

type TargetErrors = { proteinG?: string; waterMl?: string };

/** The two boxes as the server's input (water typed in the member's unit), or each box's problem. */
function parseTargets(protein: string, water: string, unitPref: UnitPref) {
  const waterValue = numberOrNull(water);
  const input = fuelTargetsSchema.safeParse({
    proteinG: numberOrNull(protein),
    waterMl: waterValue === null ? null : waterToMl(waterValue, unitPref),
  });
  if (input.success) return { data: input.data, errors: {} };
  const errors: TargetErrors = {};
  for (const issue of input.error.issues)
    errors[issue.path[0] as keyof TargetErrors] ??= issue.message;
  return { data: null, errors };
}

/**
 * Settings → Fuel targets (issue 45): protein in grams and water in litres or cups by the member's
 * units. When an app's delivery meets one, today's box on the home form starts ticked.
 */
export function FuelTargetsCard({ unitPref }: { unitPref: UnitPref }) {
  const id = useId();
  const targets = useFuelTargets();
  const save = useSaveFuelTargets();
  const [protein, setProtein] = useState('');
  const [water, setWater] = useState('');
  const [errors, setErrors] = useState<TargetErrors>({});
  const unit = waterUnit(unitPref);

  useEffect(() => {
    if (!targets.data) return;
    setProtein(targets.data.proteinG === null ? '' : String(targets.data.proteinG));
    setWater(
      targets.data.waterMl === null ? '' : String(waterInUnits(targets.data.waterMl, unitPref)),
    );
  }, [targets.data, unitPref]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTargets(protein, water, unitPref);
    setErrors(parsed.errors);
    if (parsed.data) save.mutateAsync(parsed.data).catch(shownByMeta);
  };

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
              value={protein}
              onChange={setProtein}
              error={errors.proteinG}
            />
            <TargetField
              id={`${id}-water`}
              label={msg.fuelTargetWaterLabel(unit)}
              inputMode="decimal"
              value={water}
              onChange={setWater}
              error={errors.waterMl}
            />
          </div>
          <p className="text-xs text-muted-foreground">{msg.fuelTargetEmptyHint}</p>
          <Button
            type="submit"
            className="self-start"
            disabled={save.isPending || targets.isPending}
          >
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
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  inputMode: 'numeric' | 'decimal';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
