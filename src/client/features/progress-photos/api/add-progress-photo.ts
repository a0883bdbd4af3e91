import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMediaResponse } from '@shared/api-types';
import type { ProgressPose } from '@shared/constants';
import { uploadFile } from '@client/lib/upload-file';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/progress-photos?pose=: the photo goes with today's check-in, as a progress photo. */
export function addProgressPhoto(pose: ProgressPose, photo: Blob): Promise<AddMediaResponse> {
  return uploadFile<AddMediaResponse>(`/api/progress-photos?pose=${pose}`, photo);
}

export function useAddProgressPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pose, photo }: { pose: ProgressPose; photo: Blob }) =>
      addProgressPhoto(pose, photo),
    meta: { success: 'progressPhotoSaved', error: 'unexpectedError' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.progressPhotos.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today }),
      ]),
  });
}
