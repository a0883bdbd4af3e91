import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CommentThread, FeedComment } from '@shared/api-types';
import { FIRST_COMMENTS_SHOWN } from '@shared/constants';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { patchPost } from './feed-cache';

export async function getComments(postId: string, signal?: AbortSignal): Promise<FeedComment[]> {
  const { comments } = await api.get<CommentThread>(`/api/posts/${postId}/comments`, {
    signal,
  });
  return comments;
}

export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.feed.comments(postId),
    queryFn: ({ signal }) => getComments(postId, signal),
  });

/** The whole thread of one post, oldest first; read only while it is open. */
export function useComments(postId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(postId), enabled });
}

/**
 * After a comment is added or deleted: read the thread again and let the feed card show the same
 * count and first comments. If the read fails, the lists are refetched instead.
 */
export async function syncThread(queryClient: QueryClient, postId: string) {
  try {
    const thread = await queryClient.fetchQuery({ ...commentsQueryOptions(postId), staleTime: 0 });
    patchPost(queryClient, postId, (post) => ({
      ...post,
      commentCount: thread.length,
      comments: thread.slice(0, FIRST_COMMENTS_SHOWN),
    }));
  } catch {
    await queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
  }
}
