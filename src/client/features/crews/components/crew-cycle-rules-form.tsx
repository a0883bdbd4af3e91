import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CalendarDays } from 'lucide-react';
import type { CrewCycleState, CrewCycleSummary } from '@shared/api-types';
import { STREAK_MODES, type StreakMode } from '@shared/constants';
import { crewCycleScheduleSchema } from '@shared/domain/schemas';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { FieldMessage } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/cn';
import { useChangeCrewCycle } from '../api/change-crew-cycle';
import { useScheduleCrewCycle } from '../api/schedule-crew-cycle';

export const MODE_WORDS: Record<StreakMode, { label: string; hint: string }> = {
  forgiving: {
    get label() {
      return msg.streakModeForgiving;
    },
    get hint() {
      return msg.crewCycleModeForgivingHint;
    },
  },
  strict: {
    get label() {
      return msg.streakModeStrict;
    },
    get hint() {
      return msg.crewCycleModeStrictHint;
    },
  },
};

type Field = 'startDate' | 'mode' | 'goalMinutes';

/**
 * The owner's "our 90 days start on" form: the start date (their today to 60 days ahead), the mode in
 * words and an optional crew goal. Schedules a cycle, or, given `cycle`, changes its rules until Day 1.
 */
export function CrewCycleRulesForm({
  crewId,
  state,
  cycle,
}: {
  crewId: string;
  state: Pick<CrewCycleState, 'scheduleFrom' | 'scheduleUntil'>;
  cycle?: CrewCycleSummary;
}) {
  const id = useId();
  const schedule = useScheduleCrewCycle(crewId);
  const change = useChangeCrewCycle(crewId, cycle?.id ?? '');
  const [startDate, setStartDate] = useState(cycle?.startDate ?? state.scheduleFrom);
  const [mode, setMode] = useState<StreakMode>(cycle?.mode ?? 'forgiving');
  const [goal, setGoal] = useState(cycle?.goalMinutes ? String(cycle.goalMinutes) : '');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const pending = schedule.isPending || change.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crewCycleScheduleSchema.safeParse({
      startDate,
      mode,
      goalMinutes: goal.trim() === '' ? null : Number(goal.replace(/[,\s]/g, '')),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const onError = (error: unknown) =>
      setErrors({ form: errorMessage(error, msg.unexpectedError) });
    // The promise, not mutate()'s callbacks: once scheduled, the crew's cycle is read again and this
    // form gives way to the countdown before they would run.
    if (cycle) change.mutateAsync(parsed.data).catch(onError);
    else
      schedule
        .mutateAsync(parsed.data)
        .then(() => toast.success(msg.crewCycleScheduled(formatWeekdayDate(startDate))))
        .catch(onError);
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <StartDateField
        id={id}
        state={state}
        value={startDate}
        onChange={setStartDate}
        error={errors.startDate}
      />
      <ModeField id={id} value={mode} onChange={setMode} error={errors.mode} />
      <GoalField id={id} value={goal} onChange={setGoal} error={errors.goalMinutes} />
      <FieldMessage id={`${id}-form-error`} tone="error">
        {errors.form}
      </FieldMessage>
      <Button type="submit" disabled={pending} className="self-start">
        <CalendarDays aria-hidden className="size-4" />
        {pending ? msg.loading : cycle ? msg.crewCycleSaveRules : msg.crewCycleSchedule}
      </Button>
    </form>
  );
}

/** A field's aria-describedby: its error, then its hint. */
const describedBy = (id: string, error: string | undefined, hint?: string) =>
  [error ? `${id}-error` : undefined, hint].filter(Boolean).join(' ') || undefined;

interface FieldProps<T> {
  id: string;
  value: T;
  onChange: (value: T) => void;
  error: string | undefined;
}

function StartDateField({
  id,
  state,
  value,
  onChange,
  error,
}: FieldProps<string> & { state: Pick<CrewCycleState, 'scheduleFrom' | 'scheduleUntil'> }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-start`}>{msg.crewCycleStartLabel}</Label>
      <Input
        id={`${id}-start`}
        name="startDate"
        type="date"
        min={state.scheduleFrom}
        max={state.scheduleUntil}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-start`, error, `${id}-start-hint`)}
        className="sm:max-w-xs"
      />
      <FieldMessage id={`${id}-start-hint`}>
        {msg.crewCycleStartHint(
          formatWeekdayDate(state.scheduleFrom),
          formatWeekdayDate(state.scheduleUntil),
        )}
      </FieldMessage>
      <FieldMessage id={`${id}-start-error`} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}

/** The mode, in words: Forgiving or Strict, each with what it means. */
function ModeField({ id, value, onChange, error }: FieldProps<StreakMode>) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy(`${id}-mode`, error)}>
      <legend className="mb-1.5 text-sm font-semibold">{msg.crewCycleModeLabel}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {STREAK_MODES.map((mode) => (
          <label
            key={mode}
            className={cn(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === mode ? 'border-primary bg-primary/10' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="mode"
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-bold">{MODE_WORDS[mode].label}</span>
              <span className="text-sm text-muted-foreground">{MODE_WORDS[mode].hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={`${id}-mode-error`} tone="error">
        {error}
      </FieldMessage>
    </fieldset>
  );
}

function GoalField({ id, value, onChange, error }: FieldProps<string>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-goal`}>{msg.crewCycleGoalLabel}</Label>
      <div className="flex items-center gap-2 sm:max-w-xs">
        <Input
          id={`${id}-goal`}
          name="goalMinutes"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-goal`, error, `${id}-goal-hint`)}
        />
        <span className="shrink-0 text-sm text-muted-foreground">{msg.crewCycleGoalUnit}</span>
      </div>
      <FieldMessage id={`${id}-goal-hint`}>{msg.crewCycleGoalHint}</FieldMessage>
      <FieldMessage id={`${id}-goal-error`} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}
