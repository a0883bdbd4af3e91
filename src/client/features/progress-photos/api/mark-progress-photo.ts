import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { ProgressPose } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** PATCH /api/progress-photos/:id: a pose marks the proof photo, null unmarks it. */
export function markProgressPhoto(mediaId: string, pose: ProgressPose | null) {
  return api.patch<OkResponse>(`/api/progress-photos/${encodeURIComponent(mediaId)}`, { pose });
}

/** The photo moves between the proof photos and the progress photos, and leaves or joins the feeds. */
export function useMarkProgressPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, pose }: { mediaId: string; pose: ProgressPose | null }) =>
      markProgressPhoto(mediaId, pose),
    meta: { success: 'progressPhotoMarked', error: 'unexpectedError' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.progressPhotos.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
      ]),
  });
}
