import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LikeState } from '@shared/api-types';
import { msg } from '@shared/messages';
import { api } from '@client/lib/api-client';
import { mutationKeys } from '@client/lib/query-keys';
import { cancelFeedLists, findPost, othersPending, patchPost } from './feed-cache';

export function setLike(postId: string, liked: boolean): Promise<LikeState> {
  const path = `/api/posts/${postId}/like`;
  return liked ? api.put<LikeState>(path) : api.delete<LikeState>(path);
}

/**
 * Like or unlike one post, shown at once. Clicks on the same post run one after another (scope), and
 * only the last answer is written back, so fast double taps settle on the server's final count.
 */
export function useToggleLike(postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = mutationKeys.like(postId);
  return useMutation({
    mutationKey,
    scope: { id: `like:${postId}` },
    mutationFn: (liked: boolean) => setLike(postId, liked),
    onMutate: async (liked) => {
      await cancelFeedLists(queryClient);
      const before = findPost(queryClient, postId);
      patchPost(queryClient, postId, (post) =>
        post.likedByMe === liked
          ? post
          : {
              ...post,
              likedByMe: liked,
              likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)),
            },
      );
      return { before: before && { likeCount: before.likeCount, likedByMe: before.likedByMe } };
    },
    onError: (_error, _liked, context) => {
      toast.error(msg.errorUpdatingLike);
      if (context?.before && !othersPending(queryClient, mutationKey)) {
        const before = context.before;
        patchPost(queryClient, postId, (post) => ({ ...post, ...before }));
      }
    },
    onSuccess: (state) => {
      if (!othersPending(queryClient, mutationKey))
        patchPost(queryClient, postId, (post) => ({ ...post, ...state }));
    },
  });
}
