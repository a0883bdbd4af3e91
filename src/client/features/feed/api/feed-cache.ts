import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BuddyFeed, FeedPage, FeedPost } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';

// One post can sit in both lists (a buddy's post is also public), so every change to a post is
// written to both cached lists at once.

type CommunityFeedData = InfiniteData<FeedPage, string | null>;

export function patchPost(
  queryClient: QueryClient,
  postId: string,
  patch: (post: FeedPost) => FeedPost,
) {
  const mapPosts = (posts: FeedPost[]) => posts.map((p) => (p.id === postId ? patch(p) : p));
  queryClient.setQueryData<CommunityFeedData>(
    queryKeys.feed.community,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, posts: mapPosts(page.posts) })),
      },
  );
  queryClient.setQueryData<BuddyFeed>(
    queryKeys.feed.buddies,
    (data) => data && { ...data, posts: mapPosts(data.posts) },
  );
}

export function findPost(queryClient: QueryClient, postId: string): FeedPost | undefined {
  const community = queryClient.getQueryData<CommunityFeedData>(queryKeys.feed.community);
  for (const page of community?.pages ?? []) {
    const post = page.posts.find((p) => p.id === postId);
    if (post) return post;
  }
  return queryClient
    .getQueryData<BuddyFeed>(queryKeys.feed.buddies)
    ?.posts.find((p) => p.id === postId);
}

/** Stops list refetches in flight so they cannot overwrite an optimistic change with older data. */
export async function cancelFeedLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: queryKeys.feed.community }),
    queryClient.cancelQueries({ queryKey: queryKeys.feed.buddies }),
  ]);
}

/** True while another change of the same kind to the same post is still on its way. */
export function othersPending(queryClient: QueryClient, mutationKey: readonly unknown[]) {
  // The mutation asking is itself still pending while its callbacks run.
  return queryClient.isMutating({ mutationKey, exact: true }) > 1;
}
