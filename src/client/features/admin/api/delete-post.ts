import type { OkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** DELETE /api/admin/posts/:id. */
export function deletePost(postId: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/admin/posts/${postId}`);
}

/** A post change shows in both lists and in the members' feed. */
export const useDeletePost = () =>
  useAdminMutation(
    deletePost,
    [queryKeys.admin.posts, queryKeys.admin.reports, queryKeys.feed.all],
    { success: 'postDeleted', error: 'deletePostFailed' },
  );
