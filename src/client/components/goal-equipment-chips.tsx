import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { EQUIPMENT, FITNESS_GOALS } from '@shared/constants';
import { ToggleChips } from './ui/toggle-chips';
import { msg } from '@shared/messages';

// The goals and equipment chips, as the health profile and the workout preferences both ask them:
// one list of options each, one way to show a field's error.

// Named when shown, in the page's language.
const goalOptions = () =>
  FITNESS_GOALS.map((value) => ({ value, label: msg.options.fitnessGoal[value] }));
const equipmentOptions = () =>
  EQUIPMENT.map((value) => ({ value, label: msg.options.equipment[value] }));

/** `T`: what the form's resolver makes of the values (react-hook-form's third type argument). */
interface ChipsFieldProps<F extends FieldValues, T> {
  control: Control<F, unknown, T>;
  /** The form's field holding the chosen values (an array of the options' values). */
  name: FieldPath<F>;
  disabled?: boolean;
}

function ChipsField<F extends FieldValues, T>({
  control,
  name,
  disabled,
  legend,
  options,
}: ChipsFieldProps<F, T> & {
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ToggleChips
          legend={legend}
          options={options}
          selected={field.value as string[]}
          onChange={field.onChange}
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function GoalChips<F extends FieldValues, T>(props: ChipsFieldProps<F, T>) {
  return <ChipsField {...props} legend={msg.goalEquipmentChips.goals} options={goalOptions()} />;
}

export function EquipmentChips<F extends FieldValues, T>(props: ChipsFieldProps<F, T>) {
  return (
    <ChipsField {...props} legend={msg.goalEquipmentChips.equipment} options={equipmentOptions()} />
  );
}
