import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { PostAudience } from '@shared/domain/audience';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** PATCH /api/posts/:id/audience: who sees a post (decision 0046). */
export function setPostAudience(postId: string, audience: PostAudience): Promise<OkResponse> {
  return api.patch<OkResponse>(`/api/posts/${postId}/audience`, { audience });
}

/**
 * The author changes who sees a post: every feed, the crews and the home screen read again. The
 * "saved" toast is named here (meta), not said by the post menu: the post may leave the feed it was
 * changed in (Community to a crew), and its menu with it, before the feeds have read again.
 */
export function useSetPostAudience(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audience: PostAudience) => setPostAudience(postId, audience),
    meta: { success: 'audienceSaved', error: 'unexpectedError' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.crews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.checkins.today }),
      ]),
  });
}
