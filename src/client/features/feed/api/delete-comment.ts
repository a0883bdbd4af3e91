import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { syncThread } from './get-comments';

export function deleteComment(commentId: string): Promise<OkResponse> {
  return api.delete(`/api/comments/${commentId}`);
}

/** Members delete only their own comments; the server refuses anyone else's. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    meta: { success: 'commentDeleted', error: 'unexpectedError' },
    onSuccess: () => syncThread(queryClient, postId),
  });
}
