import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUpdateResponse } from '@shared/api-types';
import type { CheckinUpdateData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { uploadFiles, type UploadEvents, type UploadSummary } from '../lib/upload-files';
import { afterCheckinSaved } from './checkin-cache';
import { deleteUpdate } from './delete-update';
import { uploadUpdateMedia } from './upload-update-media';

export function addUpdate(
  checkinId: string,
  input: CheckinUpdateData & { mediaCount: number },
): Promise<AddUpdateResponse> {
  return api.post<AddUpdateResponse>(
    `/api/checkins/${encodeURIComponent(checkinId)}/updates`,
    input,
  );
}

export interface AddUpdateVariables {
  checkinId: string;
  input: CheckinUpdateData;
  files: readonly File[];
  events?: UploadEvents;
}

/** A later note on today's check-in: text and/or up to 5 media, uploaded after the update exists. */
export function useAddUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      checkinId,
      input,
      files,
      events,
    }: AddUpdateVariables): Promise<AddUpdateResponse & { uploads: UploadSummary }> => {
      const { update } = await addUpdate(checkinId, { ...input, mediaCount: files.length });
      const uploads = await uploadFiles(
        files,
        (file, position, onProgress) =>
          uploadUpdateMedia(update.id, position, file, { onProgress }),
        events,
      );
      // Nothing landed and there is no text: give the empty update back, so it does not count.
      if (!input.body?.trim() && files.length > 0 && uploads.uploaded === 0)
        await deleteUpdate(update.id).catch(() => {});
      return { update, uploads };
    },
    onSuccess: () => afterCheckinSaved(queryClient, 'update-added'),
  });
}
