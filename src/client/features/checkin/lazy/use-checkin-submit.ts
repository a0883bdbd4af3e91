import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { AwardedBadge, CheckinView, TodayResponse } from '@shared/api-types';
import type { CheckinData, CheckinInput } from '@shared/domain/schemas';
import { audienceFromKey } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { ApiError, errorMessage, refusalReason } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { queryKeys } from '@client/lib/query-keys';
import { requestBackgroundSync } from '../offline/offline-sync';
import { enqueueCheckin } from '../offline/queue';
import { useCreateCheckin, type CheckinRequest } from '../api/create-checkin';
import { useEditCheckin } from '../api/edit-checkin';
import type { MediaSelection } from './use-media-selection';
import { useProgressPhotoChoice } from './progress-photo-switch';
import type { UploadEvents } from '../lib/upload-files';
import { queuedFiles } from '../lib/checkin-media-url';

const FORM_FIELDS: FieldPath<CheckinInput>[] = [
  'movedMinutes',
  'steps',
  'proteinTargetHit',
  'hydrationGoalHit',
  'journalMd',
];

export type CheckinSubmitTarget =
  | { mode: 'create'; userId: string; onCompleted: (badge: AwardedBadge | null) => void }
  | { mode: 'edit'; checkin: CheckinView; onDone: () => void };

/** Each file's progress, then done or failed (with a toast saying why), on its preview. */
function uploadEvents(media: MediaSelection): UploadEvents {
  return {
    onProgress: media.setProgress,
    onUploaded: media.markDone,
    onFailed: (position, error) => {
      media.markFailed(position);
      toast.error(msg.uploadMediaFailed(position + 1, errorMessage(error, msg.unexpectedError)));
    },
  };
}

/**
 * What pressing "Complete Check-in" or "Save changes" does: create or edit with the picked media,
 * or, with no connection, keep the check-in on this device for later (decision 0023).
 */
export function useCheckinSubmit(
  target: CheckinSubmitTarget,
  form: UseFormReturn<CheckinInput, unknown, CheckinData>,
  media: MediaSelection,
  audience: string,
) {
  // The first photo as a progress photo (issue 46): chosen in the form, sent with its upload.
  const progress = useProgressPhotoChoice(media.items, target.mode === 'edit');
  const create = useCreateCheckin();
  const edit = useEditCheckin();
  const queryClient = useQueryClient();

  const events = uploadEvents(media);

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
      files: queuedFiles(media.files, progress.pose),
    });
    void requestBackgroundSync();
    toast.info(msg.checkinQueuedOffline);
  };

  const submitCreate = async (
    { userId, onCompleted }: Extract<CheckinSubmitTarget, { mode: 'create' }>,
    input: CheckinRequest,
  ) => {
    try {
      const result = await create.mutateAsync({
        input,
        files: media.files,
        events,
        progressPose: progress.pose,
      });
      onCompleted(result.badge);
    } catch (error) {
      // The connection dropped before the check-in was made: keep it for later instead.
      if (error instanceof ApiError && error.status === 0 && !error.fromServer) {
        await keepForLater(userId, input);
        return;
      }
      toast.error(msg.errorCompletingCheckin, { description: refusalReason(error) });
      showFieldErrors(error);
    }
  };

  const submitEdit = async (
    { checkin, onDone }: Extract<CheckinSubmitTarget, { mode: 'edit' }>,
    fields: CheckinData,
  ) => {
    try {
      await edit.mutateAsync({
        checkinId: checkin.id,
        input: fields,
        existingMedia: checkin.media,
        files: media.files,
        events,
      });
      onDone();
    } catch (error) {
      toast.error(msg.errorUpdatingCheckin, { description: refusalReason(error) });
      showFieldErrors(error);
      if (error instanceof ApiError && error.status === 403) onDone();
    }
  };

  const onSubmit = form.handleSubmit(async (fields) => {
    const input: CheckinRequest = { ...fields, audience: audienceFromKey(audience) };
    if (target.mode === 'create' && !onlineManager.isOnline()) {
      await keepForLater(target.userId, input);
      return;
    }
    media.startUpload();
    if (target.mode === 'create') await submitCreate(target, input);
    else await submitEdit(target, fields);
  });

  return { onSubmit, pending: create.isPending || edit.isPending, progress };
}
