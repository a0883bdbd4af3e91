import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Droplets, Beef, Footprints, Timer } from 'lucide-react';
import type {
  AwardedBadge,
  CheckinView,
  ConnectionActivityView,
  TodayResponse,
} from '@shared/api-types';
import { MAX_MEDIA_PER_CHECKIN, MOVE_MINUTES_MAX, STEPS_MAX } from '@shared/constants';
import { checkinSchema, type CheckinData, type CheckinInput } from '@shared/domain/schemas';
import { audienceFromKey } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { ApiError, errorMessage, refusalReason } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { JournalEditor } from '@client/components/journal-editor/journal-editor';
import { ActivitySourceNote } from '@client/components/activity-source-note';
import { queryKeys } from '@client/lib/query-keys';
import { requestBackgroundSync } from '../offline/offline-sync';
import { enqueueCheckin } from '../offline/queue';
import { useCreateCheckin } from './create-checkin';
import { useEditCheckin } from './edit-checkin';
import { useMediaSelection } from './use-media-selection';
import type { UploadEvents } from '../lib/upload-files';
import { MediaPicker } from './media-picker';
import { MediaGallery } from '../components/media-gallery';
import { AudienceSelect } from '@client/components/audience/audience-select';
import type { CheckinRequest } from './create-checkin';

type FormField = FieldPath<CheckinInput>;
const FORM_FIELDS: FormField[] = [
  'movedMinutes',
  'steps',
  'proteinTargetHit',
  'hydrationGoalHit',
  'journalMd',
];

/** The numbers start as text, as the inputs hold them (and as the served markup carries them). */
type CheckinDefaults = CheckinInput & { movedMinutes: string; steps: string };

function defaultValues(
  checkin?: CheckinView,
  connection?: ConnectionActivityView | null,
): CheckinDefaults {
  if (!checkin) {
    // Numbers a connection sent for today start the form (decision 0045); the member may change them.
    return {
      movedMinutes: connection ? String(connection.moveMinutes) : '',
      steps: connection ? String(connection.steps) : '',
      proteinTargetHit: false,
      hydrationGoalHit: false,
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

/** "Today's Check-in" (first submit) or "Edit Today's Check-in" (within the edit window). */
export function CheckinForm(props: CheckinFormProps) {
  const id = useId();
  const editing = props.mode === 'edit' ? props.checkin : undefined;
  const connection = props.mode === 'create' ? (props.connection ?? null) : null;
  const alreadyAttached = editing?.media.length ?? 0;
  const media = useMediaSelection(
    Math.max(0, MAX_MEDIA_PER_CHECKIN - alreadyAttached),
    msg.tooManyCheckinMedia,
  );
  const create = useCreateCheckin();
  const edit = useEditCheckin();
  // Who sees the post (decision 0046): Community unless the member picks a crew or Only me.
  const [audience, setAudience] = useState('community');
  const queryClient = useQueryClient();
  const pending = create.isPending || edit.isPending;

  const defaults = defaultValues(editing, connection);
  const form = useForm<CheckinInput, unknown, CheckinData>({
    resolver: zodResolver(checkinSchema),
    defaultValues: defaults,
  });
  // Numbers that arrive from a connection while the form is open fill it in, unless the member has
  // already typed their own.
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
  const { errors, isSubmitting } = form.formState;
  const busy = pending || isSubmitting;

  // Edit replaces the summary (and the button that was pressed): start in the first field.
  const isEdit = props.mode === 'edit';
  useEffect(() => {
    if (isEdit) form.setFocus('movedMinutes');
  }, [isEdit, form]);

  const events: UploadEvents = {
    onProgress: media.setProgress,
    onUploaded: media.markDone,
    onFailed: (position, error) => {
      media.markFailed(position);
      toast.error(msg.uploadMediaFailed(position + 1, errorMessage(error, msg.unexpectedError)));
    },
  };

  const showFieldErrors = (error: unknown) =>
    applyServerFieldErrors(form.setError, error, FORM_FIELDS);

  /** No connection: keep the check-in on this device and send it later (decision 0023). */
  const keepForLater = async (userId: string, input: CheckinRequest) => {
    const today = queryClient.getQueryData<TodayResponse>(queryKeys.checkins.today);
    const now = new Date();
    await enqueueCheckin({
      userId,
      input,
      madeAt: now.toISOString(),
      localDate: today?.cycle.today ?? now.toISOString().slice(0, 10),
      files: media.files.map((file) => ({ name: file.name, type: file.type, blob: file })),
    });
    void requestBackgroundSync();
    toast.info(msg.checkinQueuedOffline);
  };

  const onSubmit = form.handleSubmit(async (fields) => {
    const input: CheckinRequest = { ...fields, audience: audienceFromKey(audience) };
    if (props.mode === 'create' && !onlineManager.isOnline()) {
      await keepForLater(props.userId, input);
      return;
    }
    media.startUpload();
    if (props.mode === 'create') {
      try {
        const result = await create.mutateAsync({ input, files: media.files, events });
        toast.success(msg.checkinCompleted);
        props.onCompleted(result.badge);
      } catch (error) {
        // The connection dropped before the check-in was made: keep it for later instead.
        if (error instanceof ApiError && error.status === 0 && !error.fromServer) {
          await keepForLater(props.userId, input);
          return;
        }
        toast.error(msg.errorCompletingCheckin, { description: refusalReason(error) });
        showFieldErrors(error);
      }
      return;
    }
    try {
      await edit.mutateAsync({
        checkinId: props.checkin.id,
        input: fields,
        existingMedia: props.checkin.media,
        files: media.files,
        events,
      });
      toast.success(msg.checkinUpdated);
      props.onDone();
    } catch (error) {
      toast.error(msg.errorUpdatingCheckin, { description: refusalReason(error) });
      showFieldErrors(error);
      if (error instanceof ApiError && error.status === 403) props.onDone();
    }
  });

  const numberField = (
    name: 'movedMinutes' | 'steps',
    label: string,
    icon: ReactNode,
    unit: string,
    max: number,
  ) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId} className="flex items-center gap-1.5">
          {icon}
          {label}
        </Label>
        <div className="relative">
          <Input
            id={fieldId}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            placeholder="0"
            autoComplete="off"
            className="tabular [appearance:textfield] pr-14 text-lg font-semibold [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${fieldId}-error`)}
            // In the markup too: the served home shows a connection's numbers before any script runs.
            defaultValue={defaults[name]}
            {...form.register(name)}
          />
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            {unit}
          </span>
        </div>
        <FieldMessage id={`${fieldId}-error`} tone="error">
          {error}
        </FieldMessage>
      </div>
    );
  };

  const toggleField = (
    name: 'proteinTargetHit' | 'hydrationGoalHit',
    label: string,
    icon: ReactNode,
  ) => {
    const fieldId = `${id}-${name}`;
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <label
            htmlFor={fieldId}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 transition-colors hover:bg-muted/60 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/10"
          >
            <Checkbox
              id={fieldId}
              name={field.name}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={busy}
            />
            <span className="flex items-center gap-2 text-sm font-medium">
              {icon}
              {label}
            </span>
          </label>
        )}
      />
    );
  };

  const title = editing ? msg.editTodaysCheckin : msg.todaysCheckin;

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-xl font-bold">
          {title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {editing
            ? 'Fix anything that is off. You can add more photos or videos too.'
            : 'Four pillars: Move, Steps, Fuel and Journal. Log today and keep the streak alive.'}
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
          <fieldset disabled={busy} className="flex flex-col gap-6">
            <legend className="sr-only">{title}</legend>
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              {numberField(
                'movedMinutes',
                'Move minutes',
                <Timer aria-hidden className="size-4 text-muted-foreground" />,
                'min',
                MOVE_MINUTES_MAX,
              )}
              {numberField(
                'steps',
                'Steps',
                <Footprints aria-hidden className="size-4 text-muted-foreground" />,
                'steps',
                STEPS_MAX,
              )}
            </div>
            {connection && (
              <ActivitySourceNote
                source={{ source: connection.source, at: connection.receivedAt }}
                lead={msg.activityFilledInLead}
                className="-mt-3"
              />
            )}

            <div className="flex flex-col gap-2">
              <span className="text-sm font-semibold">Fuel</span>
              <div className="grid gap-2 sm:grid-cols-2">
                {toggleField(
                  'proteinTargetHit',
                  'Protein target hit',
                  <Beef aria-hidden className="size-4 text-muted-foreground" />,
                )}
                {toggleField(
                  'hydrationGoalHit',
                  msg.hydrationGoalLabel,
                  <Droplets aria-hidden className="size-4 text-muted-foreground" />,
                )}
              </div>
            </div>

            <Controller
              control={form.control}
              name="journalMd"
              render={({ field }) => (
                <JournalEditor
                  name={field.name}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  disabled={busy}
                  error={errors.journalMd?.message}
                />
              )}
            />

            {editing && editing.media.length > 0 && (
              <div className="flex flex-col gap-2">
                <span className="text-sm font-semibold">Already attached</span>
                <MediaGallery media={editing.media} label="Attached media" compact />
              </div>
            )}
          </fieldset>

          <MediaPicker
            selection={media}
            alreadyAttached={alreadyAttached}
            label={editing ? 'Add more photos & videos' : undefined}
            disabled={busy}
          />

          {!editing && (
            <AudienceSelect
              id={`${id}-audience`}
              value={audience}
              onChange={setAudience}
              disabled={busy}
            />
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {props.mode === 'edit' && (
              <Button type="button" variant="secondary" onClick={props.onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" size="lg" disabled={busy} className="sm:min-w-48">
              {busy ? (
                <SubmitProgress media={media.items} />
              ) : editing ? (
                'Save changes'
              ) : (
                'Complete Check-in'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SubmitProgress({ media }: { media: { status: string }[] }) {
  const finished = media.filter((m) => m.status === 'done' || m.status === 'failed').length;
  const started = media.some((m) => m.status !== 'ready');
  return (
    <span aria-live="polite">
      {started && media.length > 0 ? `Uploading ${finished}/${media.length}…` : 'Saving…'}
    </span>
  );
}
