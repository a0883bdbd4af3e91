import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nextSortIndex } from '@shared/domain/checkin';
import type { EditCheckinResponse, MediaView } from '@shared/api-types';
import type { CheckinData } from '@shared/domain/schemas';
import { api, ApiError } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { uploadFiles, type UploadEvents, type UploadSummary } from '../lib/upload-files';
import { afterCheckinSaved } from './checkin-cache';
import { uploadCheckinMedia } from './upload-checkin-media';

export function editCheckin(checkinId: string, input: CheckinData): Promise<EditCheckinResponse> {
  return api.patch<EditCheckinResponse>(`/api/checkins/${encodeURIComponent(checkinId)}`, input);
}

export interface EditCheckinVariables {
  checkinId: string;
  input: CheckinData;
  /** What is already attached: new files go after its highest position. */
  existingMedia: readonly Pick<MediaView, 'sortIndex'>[];
  files: readonly File[];
  events?: UploadEvents;
}

/** Saves an edit (allowed for 15 minutes after the check-in) and appends any new media. */
export function useEditCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      checkinId,
      input,
      existingMedia,
      files,
      events,
    }: EditCheckinVariables): Promise<EditCheckinResponse & { uploads: UploadSummary }> => {
      const { checkin } = await editCheckin(checkinId, input);
      const start = nextSortIndex(existingMedia);
      const uploads = await uploadFiles(
        files,
        (file, position, onProgress) =>
          uploadCheckinMedia(checkinId, start + position, file, { onProgress }),
        events,
      );
      return { checkin, uploads };
    },
    // The failure's toast has the server's reason as its description: use-checkin-submit.ts says it.
    meta: { success: 'checkinUpdated' },
    onSuccess: () => afterCheckinSaved(queryClient, 'edited'),
    onError: (error) => {
      // The edit window closed: fetch the check-in again so the Edit button goes away.
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today });
      }
    },
  });
}
