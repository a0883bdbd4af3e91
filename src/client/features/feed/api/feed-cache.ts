import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FeedPage, FeedPost } from './types';

// One post can sit in both lists (a buddy's post is also public), so every change to a post is
// written to both cached lists at once.

export const feedQueryKey = ['feed'] as const;
export const communityFeedQueryKey = ['feed', 'community'] as const;
export const buddyFeedQueryKey = ['feed', 'buddies'] as const;

type CommunityFeedData = InfiniteData<FeedPage, string | null>;
type BuddyFeedData = { posts: FeedPost[] };

export function patchPost(
  queryClient: QueryClient,
  postId: string,
  patch: (post: FeedPost) => FeedPost,
) {
  const mapPosts = (posts: FeedPost[]) => posts.map((p) => (p.id === postId ? patch(p) : p));
  queryClient.setQueryData<CommunityFeedData>(
    communityFeedQueryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, posts: mapPosts(page.posts) })),
      },
  );
  queryClient.setQueryData<BuddyFeedData>(
    buddyFeedQueryKey,
    (data) => data && { ...data, posts: mapPosts(data.posts) },
  );
}

export function findPost(queryClient: QueryClient, postId: string): FeedPost | undefined {
  const community = queryClient.getQueryData<CommunityFeedData>(communityFeedQueryKey);
  for (const page of community?.pages ?? []) {
    const post = page.posts.find((p) => p.id === postId);
    if (post) return post;
  }
  return queryClient
    .getQueryData<BuddyFeedData>(buddyFeedQueryKey)
    ?.posts.find((p) => p.id === postId);
}

/** Stops list refetches in flight so they cannot overwrite an optimistic change with older data. */
export async function cancelFeedLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: communityFeedQueryKey }),
    queryClient.cancelQueries({ queryKey: buddyFeedQueryKey }),
  ]);
}

/** True while another change of the same kind to the same post is still on its way. */
export function othersPending(queryClient: QueryClient, mutationKey: readonly unknown[]) {
  // The mutation asking is itself still pending while its callbacks run.
  return queryClient.isMutating({ mutationKey, exact: true }) > 1;
}
