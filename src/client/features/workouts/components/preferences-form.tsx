import { useId } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Dumbbell } from 'lucide-react';
import type { WorkoutPrefsView } from '@shared/api-types';
import {
  DEFAULT_STEP_TRACKER,
  FITNESS_LEVELS,
  STEP_TRACKERS,
  WORKOUT_NOTES_MAX,
  type Equipment,
  type FitnessGoal,
  type FitnessLevel,
  type StepTracker,
} from '@shared/constants';
import { workoutPrefsSchema, type WorkoutPrefsData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { EquipmentChips, GoalChips } from '@client/components/goal-equipment-chips';
import { useGenerateWeek } from '../api/generate-week';

interface PrefsFormValues {
  fitnessLevel: FitnessLevel;
  age: string;
  equipment: Equipment[];
  stepTracker: StepTracker;
  goals: FitnessGoal[];
  notes: string;
}

const FIELDS = ['fitnessLevel', 'age', 'equipment', 'stepTracker', 'goals', 'notes'] as const;

function toValues(prefs: WorkoutPrefsView | null): PrefsFormValues {
  return {
    fitnessLevel: prefs?.fitnessLevel ?? 'beginner',
    age: prefs?.age?.toString() ?? '',
    equipment: prefs?.equipment ?? [],
    stepTracker: prefs?.stepTracker ?? DEFAULT_STEP_TRACKER,
    goals: prefs?.goals ?? [],
    notes: prefs?.notes ?? '',
  };
}

/**
 * 'Your Preferences' and the generate button: generating saves the preferences with the plan.
 * `onGenerated` gets the new week's id, so the screen can open it.
 */
export function PreferencesForm({
  prefs,
  onGenerated,
}: {
  prefs: WorkoutPrefsView | null;
  onGenerated?: (weekId: string) => void;
}) {
  const id = useId();
  const generate = useGenerateWeek();
  const form = useForm<PrefsFormValues, unknown, WorkoutPrefsData>({
    resolver: zodResolver(workoutPrefsSchema) as unknown as Resolver<
      PrefsFormValues,
      unknown,
      WorkoutPrefsData
    >,
    defaultValues: toValues(prefs),
  });
  const busy = generate.isPending;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { week } = await generate.mutateAsync(input);
      toast.success(msg.workoutPlanGenerated, {
        description: msg.workoutWeekCreated(week.weekIndex),
      });
      onGenerated?.(week.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(msg.authRequired, { description: msg.signInToGenerateWorkouts });
        return;
      }
      toast.error(msg.generationFailed, {
        description: errorMessage(error, msg.generateWorkoutFailed),
      });
      applyServerFieldErrors(form.setError, error, FIELDS);
    }
  });

  const section = { form, idPrefix: id, busy };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Dumbbell aria-hidden className="size-5 text-accent-text" />
          {msg.yourPreferences}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={msg.yourPreferences}
          className="flex flex-col gap-5"
        >
          <LevelAgeTracker {...section} />
          <EquipmentAndGoals {...section} />
          <NotesField {...section} />

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={busy} className="sm:w-auto">
              {busy ? msg.generating : msg.generateWorkouts}
            </Button>
            <p className="text-sm text-muted-foreground">{msg.workoutPlansSaved}</p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type PrefsFormState = UseFormReturn<PrefsFormValues, unknown, WorkoutPrefsData>;

interface SectionProps {
  form: PrefsFormState;
  idPrefix: string;
  busy: boolean;
}

function fieldState(
  { form, idPrefix }: SectionProps,
  name: 'fitnessLevel' | 'age' | 'stepTracker' | 'notes',
) {
  const error = form.formState.errors[name];
  return {
    id: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
    invalid: error ? true : undefined,
    error: error?.message,
  };
}

/** Fitness level, age (digits only) and step tracking, side by side. */
function LevelAgeTracker(props: SectionProps) {
  const { form, busy } = props;
  const level = fieldState(props, 'fitnessLevel');
  const age = fieldState(props, 'age');
  const tracker = fieldState(props, 'stepTracker');
  const ageInput = form.register('age');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={level.id}>{msg.preferencesForm.fitnessLevel}</Label>
        <NativeSelect
          id={level.id}
          disabled={busy}
          aria-invalid={level.invalid}
          aria-describedby={describedBy(level.error && level.errorId)}
          {...form.register('fitnessLevel')}
        >
          {FITNESS_LEVELS.map((value) => (
            <option key={value} value={value}>
              {msg.options.fitnessLevel[value]}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={level.errorId} tone="error">
          {level.error}
        </FieldMessage>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={age.id}>{msg.preferencesForm.age}</Label>
        <Input
          id={age.id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          disabled={busy}
          aria-invalid={age.invalid}
          aria-describedby={describedBy(age.error && age.errorId)}
          {...ageInput}
          onChange={(event) => {
            // Digits only, as the member types or pastes.
            event.target.value = event.target.value.replace(/\D/g, '');
            return ageInput.onChange(event);
          }}
        />
        <FieldMessage id={age.errorId} tone="error">
          {age.error}
        </FieldMessage>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={tracker.id}>{msg.preferencesForm.stepTracking}</Label>
        <NativeSelect
          id={tracker.id}
          disabled={busy}
          aria-invalid={tracker.invalid}
          aria-describedby={describedBy(tracker.error && tracker.errorId)}
          {...form.register('stepTracker')}
        >
          {STEP_TRACKERS.map((value) => (
            <option key={value} value={value}>
              {msg.options.stepTracker[value]}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={tracker.errorId} tone="error">
          {tracker.error}
        </FieldMessage>
      </div>
    </div>
  );
}

function EquipmentAndGoals({ form, busy }: SectionProps) {
  return (
    <>
      <EquipmentChips control={form.control} name="equipment" disabled={busy} />
      <GoalChips control={form.control} name="goals" disabled={busy} />
    </>
  );
}

function NotesField(props: SectionProps) {
  const { form, busy } = props;
  const notes = fieldState(props, 'notes');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={notes.id}>{msg.preferencesForm.notesOptional}</Label>
      <Textarea
        id={notes.id}
        rows={3}
        maxLength={WORKOUT_NOTES_MAX}
        disabled={busy}
        placeholder={msg.workoutNotesPlaceholder}
        aria-invalid={notes.invalid}
        aria-describedby={describedBy(notes.error && notes.errorId)}
        {...form.register('notes')}
      />
      <FieldMessage id={notes.errorId} tone="error">
        {notes.error}
      </FieldMessage>
    </div>
  );
}
