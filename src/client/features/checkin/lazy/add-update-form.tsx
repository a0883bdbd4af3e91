import { useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { JOURNAL_MAX_LENGTH, MAX_MEDIA_PER_UPDATE } from '@shared/constants';
import {
  checkinUpdateSchema,
  type CheckinUpdateData,
  type CheckinUpdateInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage, refusalReason } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import type { useAddUpdate } from '../api/add-update';
import { useMediaSelection } from './use-media-selection';
import { MediaPicker } from './media-picker';

/** The Add Update dialog's form: loaded when the dialog is first reached for (add-update-dialog.tsx). */
export function AddUpdateForm({
  checkinId,
  mutation,
  onCancel,
  onAdded,
}: {
  checkinId: string;
  mutation: ReturnType<typeof useAddUpdate>;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const id = useId();
  const media = useMediaSelection(MAX_MEDIA_PER_UPDATE, msg.tooManyUpdateMedia);
  const form = useForm<CheckinUpdateInput, unknown, CheckinUpdateData>({
    resolver: zodResolver(checkinUpdateSchema),
    defaultValues: { body: '' },
  });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const error = form.formState.errors.body?.message;
  const busy = mutation.isPending || form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    if (!input.body && media.files.length === 0) {
      form.setError('body', { message: msg.addTextOrMedia }, { shouldFocus: true });
      toast.error(msg.addTextOrMedia);
      return;
    }
    media.startUpload();
    try {
      const { uploads } = await mutation.mutateAsync({
        checkinId,
        input,
        files: media.files,
        events: {
          onProgress: media.setProgress,
          onUploaded: media.markDone,
          onFailed: (position, err) => {
            media.markFailed(position);
            toast.error(
              msg.uploadMediaFailed(position + 1, errorMessage(err, msg.unexpectedError)),
            );
          },
        },
      });
      // No text and no file landed: the server shows nothing of it, so neither does the success toast
      // (each failed file was named above). The form stays open to try again.
      if (!input.body && uploads.uploaded === 0) {
        toast.error(msg.updateMediaAllFailed);
        return;
      }
      toast.success(msg.updateAdded);
      onAdded();
    } catch (err) {
      const reason = refusalReason(err);
      // The spec's own sentences for these two stand alone; anything else explains the failure.
      if (reason === msg.addTextOrMedia || reason === msg.signInToAddUpdates) toast.error(reason);
      else toast.error(msg.saveUpdateFailed, { description: reason });
      applyServerFieldErrors(form.setError, err, ['body']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <UpdateBodyField
        id={id}
        error={error}
        bodyLength={body.length}
        busy={busy}
        registration={form.register('body', {
          onChange: () => error && form.clearErrors('body'),
        })}
      />

      <MediaPicker selection={media} label={msg.addUpdateForm.photosVideos} disabled={busy} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {msg.common.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? msg.common.saving : msg.addUpdateForm.postUpdate}
        </Button>
      </div>
    </form>
  );
}

/** The update's text, with its error and the characters counter. */
function UpdateBodyField({
  id,
  error,
  bodyLength,
  busy,
  registration,
}: {
  id: string;
  error: string | undefined;
  bodyLength: number;
  busy: boolean;
  registration: UseFormRegisterReturn<'body'>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-body`}>{msg.addUpdateForm.update}</Label>
      <Textarea
        id={`${id}-body`}
        rows={4}
        maxLength={JOURNAL_MAX_LENGTH}
        placeholder={msg.addUpdateForm.howIsTheRestOf}
        className="resize-none"
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
        {...registration}
      />
      <div className="flex items-start justify-between gap-3">
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
        <p id={`${id}-hint`} className="tabular ml-auto shrink-0 text-xs text-muted-foreground">
          {msg.journalCounter(bodyLength)}
        </p>
      </div>
    </div>
  );
}
