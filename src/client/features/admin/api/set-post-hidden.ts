import type { AdminPostHidden } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

/** PUT /api/admin/posts/:id/hidden. */
export function setPostHidden(input: {
  postId: string;
  isHidden: boolean;
}): Promise<AdminPostHidden> {
  return api.put<AdminPostHidden>(`/api/admin/posts/${input.postId}/hidden`, {
    isHidden: input.isHidden,
  });
}

/**
 * A post change shows in both lists and in the members' feed. Its success says hidden or unhidden,
 * from the row: HidePostButton says it.
 */
export const useSetPostHidden = () =>
  useAdminMutation(
    setPostHidden,
    [queryKeys.admin.posts, queryKeys.admin.reports, queryKeys.feed.all],
    { error: 'updatePostFailed' },
  );
