import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedComment } from '@shared/api-types';
import type { CommentData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { syncThread } from './get-comments';

export function addComment(postId: string, input: CommentData): Promise<CreatedComment> {
  return api.post(`/api/posts/${postId}/comments`, input);
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentData) => addComment(postId, input),
    onSuccess: () => syncThread(queryClient, postId),
  });
}
