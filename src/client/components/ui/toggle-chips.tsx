import { useId } from 'react';
import { cn } from '@client/lib/cn';
import { FieldMessage } from './field-message';

/**
 * Several choices at once, as toggle buttons (aria-pressed) in a labelled group: equipment and goals
 * on the health profile and the workout preferences.
 */
export function ToggleChips({
  legend,
  options,
  selected,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = selected.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={on}
              disabled={disabled}
              onClick={() =>
                onChange(
                  on
                    ? selected.filter((value) => value !== option.value)
                    : [...selected, option.value],
                )
              }
              className={cn(
                'min-h-11 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
                on
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-background hover:bg-muted',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <FieldMessage id={`${id}-error`} tone="error">
        {error}
      </FieldMessage>
    </fieldset>
  );
}
