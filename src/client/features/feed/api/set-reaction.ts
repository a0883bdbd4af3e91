import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FeedPost, ReactionState } from '@shared/api-types';
import type { ReactionKey } from '@shared/constants';
import { msg } from '@shared/messages';
import { api } from '@client/lib/api-client';
import { mutationKeys } from '@client/lib/query-keys';
import { cancelFeedLists, findPost, othersPending, patchPost } from './feed-cache';

/** A key sets (or replaces) the viewer's one reaction; null removes it. */
export function setReaction(postId: string, reaction: ReactionKey | null): Promise<ReactionState> {
  const path = `/api/posts/${postId}/reaction`;
  return reaction ? api.put<ReactionState>(path, { reaction }) : api.delete<ReactionState>(path);
}

function withReaction(post: FeedPost, reaction: ReactionKey | null): FeedPost {
  if (post.myReaction === reaction) return post;
  const reactions = { ...post.reactions };
  if (post.myReaction) reactions[post.myReaction] = Math.max(0, reactions[post.myReaction] - 1);
  if (reaction) reactions[reaction] += 1;
  return { ...post, reactions, myReaction: reaction };
}

/** Choose, switch or remove the viewer's reaction on one post, shown at once (see useToggleLike). */
export function useSetReaction(postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = mutationKeys.reaction(postId);
  return useMutation({
    mutationKey,
    scope: { id: `reaction:${postId}` },
    mutationFn: (reaction: ReactionKey | null) => setReaction(postId, reaction),
    onMutate: async (reaction) => {
      await cancelFeedLists(queryClient);
      const before = findPost(queryClient, postId);
      patchPost(queryClient, postId, (post) => withReaction(post, reaction));
      return { before: before && { reactions: before.reactions, myReaction: before.myReaction } };
    },
    onError: (_error, _reaction, context) => {
      toast.error(msg.errorAddingReaction);
      if (context?.before && !othersPending(queryClient, mutationKey)) {
        const before = context.before;
        patchPost(queryClient, postId, (post) => ({ ...post, ...before }));
      }
    },
    onSuccess: (state, reaction) => {
      if (!othersPending(queryClient, mutationKey))
        patchPost(queryClient, postId, (post) => ({ ...post, ...state }));
      if (reaction) toast.success(msg.reactionAdded, { id: `reaction:${postId}` });
    },
  });
}
