import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareCollageResponse } from '@shared/api-types';
import type { PostAudience } from '@shared/domain/audience';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export interface ShareCollageInput {
  firstId: string;
  secondId: string;
  audience: PostAudience;
}

/** POST /api/progress-photos/collage: the server composes the two photos and posts the image. */
export function shareCollage(input: ShareCollageInput) {
  return api.post<ShareCollageResponse>('/api/progress-photos/collage', input);
}

/** A new post in the feed the member picked. */
export function useShareCollage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareCollage,
    meta: { success: 'collageShared', error: 'unexpectedError' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
  });
}
