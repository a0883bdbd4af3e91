import { useEffect, useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Footprints, Timer } from 'lucide-react';
import type {
  AwardedBadge,
  CheckinView,
  ConnectionActivityView,
  ConnectionFuelView,
} from '@shared/api-types';
import { MAX_MEDIA_PER_CHECKIN, MOVE_MINUTES_MAX, STEPS_MAX } from '@shared/constants';
import { checkinSchema, type CheckinData, type CheckinInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ActivitySourceNote } from '@client/components/activity-source-note';
import { MediaGallery } from '@client/components/media-gallery/media-gallery';
import { useMediaSelection } from './use-media-selection';
import { MediaPicker } from './media-picker';
import { ProgressPhotoSwitch } from './progress-photo-switch';
import { AudienceSelect } from '@client/components/audience/audience-select';
import { FuelFields, JournalField, NumberField } from './checkin-form-fields';
import { useCheckinSubmit } from './use-checkin-submit';

/** The numbers start as text, as the inputs hold them (and as the served markup carries them). */
type CheckinDefaults = CheckinInput & { movedMinutes: string; steps: string };

function defaultValues(
  checkin?: CheckinView,
  connection?: ConnectionActivityView | null,
  fuel?: ConnectionFuelView | null,
): CheckinDefaults {
  if (!checkin) {
    // Numbers a connection sent for today start the form (decision 0045); the member may change them.
    // A phone app's protein or water that met a target starts its box ticked (issue 45).
    return {
      movedMinutes: connection ? String(connection.moveMinutes) : '',
      steps: connection ? String(connection.steps) : '',
      proteinTargetHit: fuel?.proteinTargetMet === true,
      hydrationGoalHit: fuel?.hydrationGoalMet === true,
      journalMd: '',
    };
  }
  return {
    movedMinutes: String(checkin.movedMinutes),
    steps: String(checkin.steps),
    proteinTargetHit: checkin.proteinTargetHit,
    hydrationGoalHit: checkin.hydrationGoalHit,
    journalMd: checkin.journalMd,
  };
}

export type CheckinFormProps =
  | {
      mode: 'create';
      /** The signed-in member: a check-in kept offline is filed under them. */
      userId: string;
      /** What a connection sent for today: the move minutes and steps start from it. */
      connection?: ConnectionActivityView | null;
      /** Protein and water a phone app sent for today: a met target starts its box ticked. */
      fuel?: ConnectionFuelView | null;
      /** Called once the check-in and its media are saved (badge if one was earned). */
      onCompleted: (badge: AwardedBadge | null) => void;
    }
  | {
      mode: 'edit';
      checkin: CheckinView;
      /** Saved, or the edit window closed: leave edit mode. */
      onDone: () => void;
      onCancel: () => void;
    };

type CheckinFormState = UseFormReturn<CheckinInput, unknown, CheckinData>;

/** Numbers that arrive from a connection while the form is open fill it in, unless the member has
 * already typed their own. */
function useConnectionFill(
  form: CheckinFormState,
  connection: ConnectionActivityView | null,
  fuel: ConnectionFuelView | null,
) {
  useFuelFill(form, fuel);
  const arrived = connection?.receivedAt;
  useEffect(() => {
    if (!connection || !arrived) return;
    const { dirtyFields } = form.formState;
    if (!dirtyFields.movedMinutes)
      form.setValue('movedMinutes', String(connection.moveMinutes), { shouldDirty: false });
    if (!dirtyFields.steps)
      form.setValue('steps', String(connection.steps), { shouldDirty: false });
    // Only a new arrival fills in again, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);
}

/** A met target that arrives while the form is open ticks its box, unless the member touched it. */
function useFuelFill(form: CheckinFormState, fuel: ConnectionFuelView | null) {
  const arrived = fuel?.receivedAt;
  useEffect(() => {
    if (!fuel || !arrived) return;
    const { dirtyFields } = form.formState;
    if (!dirtyFields.proteinTargetHit && fuel.proteinTargetMet)
      form.setValue('proteinTargetHit', true, { shouldDirty: false });
    if (!dirtyFields.hydrationGoalHit && fuel.hydrationGoalMet)
      form.setValue('hydrationGoalHit', true, { shouldDirty: false });
    // Only a new arrival ticks again, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);
}

/** "Today's Check-in" (first submit) or "Edit Today's Check-in" (within the edit window). */
export function CheckinForm(props: CheckinFormProps) {
  const id = useId();
  const editing = props.mode === 'edit' ? props.checkin : undefined;
  const connection = props.mode === 'create' ? (props.connection ?? null) : null;
  const fuel = props.mode === 'create' ? (props.fuel ?? null) : null;
  const alreadyAttached = editing?.media.length ?? 0;
  const media = useMediaSelection(
    Math.max(0, MAX_MEDIA_PER_CHECKIN - alreadyAttached),
    msg.tooManyCheckinMedia,
  );
  // Who sees the post (decision 0046): Community unless the member picks a crew or Only me.
  const [audience, setAudience] = useState('community');

  const defaults = defaultValues(editing, connection, fuel);
  const form = useForm<CheckinInput, unknown, CheckinData>({
    resolver: zodResolver(checkinSchema),
    defaultValues: defaults,
  });
  useConnectionFill(form, connection, fuel);
  const { onSubmit, pending, progress } = useCheckinSubmit(props, form, media, audience);
  const busy = pending || form.formState.isSubmitting;

  // Edit replaces the summary (and the button that was pressed): start in the first field.
  const isEdit = props.mode === 'edit';
  useEffect(() => {
    if (isEdit) form.setFocus('movedMinutes');
  }, [isEdit, form]);

  const title = editing ? msg.editTodaysCheckin : msg.todaysCheckin;

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-xl font-bold">
          {title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {editing
            ? msg.checkinForm.fixAnythingThatIsOff
            : msg.checkinForm.fourPillarsMoveStepsFuel}
        </p>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          // Sent by the browser itself only if pressed before any script ran (a server-rendered home,
          // decision 0031): never with the journal in the address.
          method="post"
          noValidate
          aria-labelledby={`${id}-title`}
          className="flex flex-col gap-6"
        >
          <CheckinPillars
            form={form}
            idPrefix={id}
            defaults={defaults}
            connection={connection}
            fuel={fuel}
            editing={editing}
            busy={busy}
            title={title}
          />

          <MediaPicker
            selection={media}
            alreadyAttached={alreadyAttached}
            label={editing ? msg.checkinForm.addMorePhotosVideos : undefined}
            disabled={busy}
          />
          {progress.shown && <ProgressPhotoSwitch {...progress} disabled={busy} />}
          {!editing && (
            <AudienceSelect
              id={`${id}-audience`}
              value={audience}
              onChange={setAudience}
              disabled={busy}
            />
          )}
          <SubmitRow
            onCancel={props.mode === 'edit' ? props.onCancel : undefined}
            busy={busy}
            label={editing ? msg.checkinForm.saveChanges : msg.checkinForm.completeCheckIn}
            media={media.items}
          />
        </form>
      </CardContent>
    </Card>
  );
}

/** The four pillars (move minutes, steps, fuel, journal) and any media already attached. */
function CheckinPillars({
  form,
  idPrefix,
  defaults,
  connection,
  fuel,
  editing,
  busy,
  title,
}: {
  form: CheckinFormState;
  idPrefix: string;
  defaults: CheckinDefaults;
  connection: ConnectionActivityView | null;
  fuel: ConnectionFuelView | null;
  editing: CheckinView | undefined;
  busy: boolean;
  title: string;
}) {
  const { errors } = form.formState;
  return (
    <fieldset disabled={busy} className="flex flex-col gap-6">
      <legend className="sr-only">{title}</legend>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <NumberField
          fieldId={`${idPrefix}-movedMinutes`}
          label={msg.checkinForm.moveMinutes}
          icon={<Timer aria-hidden className="size-4 text-muted-foreground" />}
          unit="min"
          max={MOVE_MINUTES_MAX}
          error={errors.movedMinutes?.message}
          defaultValue={defaults.movedMinutes}
          registration={form.register('movedMinutes')}
        />
        <NumberField
          fieldId={`${idPrefix}-steps`}
          label={msg.common.steps}
          icon={<Footprints aria-hidden className="size-4 text-muted-foreground" />}
          unit="steps"
          max={STEPS_MAX}
          error={errors.steps?.message}
          defaultValue={defaults.steps}
          registration={form.register('steps')}
        />
      </div>
      {connection && (
        <ActivitySourceNote
          source={{ source: connection.source, at: connection.receivedAt }}
          lead={msg.activityFilledInLead}
          className="-mt-3"
        />
      )}
      <FuelFields
        control={form.control}
        idPrefix={idPrefix}
        disabled={busy}
        sources={{
          protein: fuel?.proteinTargetMet ? fuel.source : undefined,
          hydration: fuel?.hydrationGoalMet ? fuel.source : undefined,
        }}
      />
      <JournalField control={form.control} disabled={busy} error={errors.journalMd?.message} />
      {editing && editing.media.length > 0 && (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-semibold">{msg.checkinForm.alreadyAttached}</span>
          <MediaGallery
            media={editing.media}
            label={msg.checkinForm.attachedMedia}
            layout="compact"
          />
        </div>
      )}
    </fieldset>
  );
}

function SubmitRow({
  onCancel,
  busy,
  label,
  media,
}: {
  onCancel: (() => void) | undefined;
  busy: boolean;
  label: string;
  media: { status: string }[];
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {msg.common.cancel}
        </Button>
      )}
      <Button type="submit" size="lg" disabled={busy} className="sm:min-w-48">
        {busy ? <SubmitProgress media={media} /> : label}
      </Button>
    </div>
  );
}

function SubmitProgress({ media }: { media: { status: string }[] }) {
  const finished = media.filter((m) => m.status === 'done' || m.status === 'failed').length;
  const started = media.some((m) => m.status !== 'ready');
  return (
    <span aria-live="polite">
      {started && media.length > 0
        ? msg.checkinForm.uploadingProgress(finished, media.length)
        : msg.common.saving}
    </span>
  );
}
