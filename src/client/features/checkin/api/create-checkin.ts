import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCheckinResponse } from '@shared/api-types';
import type { CheckinData } from '@shared/domain/schemas';
import type { PostAudience } from '@shared/domain/audience';
import type { ProgressPose } from '@shared/constants';
import { api, ApiError } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { uploadFiles, type UploadEvents, type UploadSummary } from '../lib/upload-files';
import { afterCheckinSaved } from './checkin-cache';
import { progressPhotoPosition } from '../lib/checkin-media-url';
import { uploadCheckinMedia } from './upload-checkin-media';

/** A new check-in with who sees its post (decision 0046; Community when absent). */
export type CheckinRequest = CheckinData & { audience?: PostAudience };

export function createCheckin(input: CheckinRequest): Promise<CreateCheckinResponse> {
  return api.post<CreateCheckinResponse>('/api/checkins', input);
}

export interface CreateCheckinVariables {
  input: CheckinRequest;
  /** Proof media in the member's chosen order; uploaded after the check-in exists. */
  files: readonly File[];
  events?: UploadEvents;
  /** The first photo is a progress photo of this pose (issue 46). */
  progressPose?: ProgressPose | null;
}

/**
 * Completes today's check-in, then uploads its media in the chosen order (positions 0..k-1).
 * A failed file does not undo the check-in: it is reported through `events` and the rest go on.
 */
export function useCreateCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      files,
      events,
      progressPose,
    }: CreateCheckinVariables): Promise<CreateCheckinResponse & { uploads: UploadSummary }> => {
      const result = await createCheckin(input);
      const posed = progressPose ? progressPhotoPosition(files) : -1;
      const uploads = await uploadFiles(
        files,
        (file, position, onProgress) =>
          uploadCheckinMedia(
            result.checkin.id,
            position,
            file,
            { onProgress },
            position === posed ? progressPose : null,
          ),
        events,
      );
      return { ...result, uploads };
    },
    // The failure's toast has the server's reason as its description: use-checkin-submit.ts says it.
    meta: { success: 'checkinCompleted' },
    // Awaited, so the form stays (and its button stays disabled) until the summary can replace it.
    onSuccess: () => afterCheckinSaved(queryClient, 'created'),
    onError: (error) => {
      // Already checked in (another tab or device): show that check-in.
      if (error instanceof ApiError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today });
      }
    },
  });
}
