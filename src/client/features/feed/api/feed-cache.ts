import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BuddyFeed, FeedPage, FeedPost } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';

// One post can sit in several lists (a buddy's post is also public; the member's own posts are also
// on the profile's Your posts), so every change to a post is written to every cached list at once.

type PagedFeedData = InfiniteData<FeedPage, string | null>;

/** The paged lists of cards: the community feed and the member's own posts. */
const PAGED_LISTS = [queryKeys.feed.community, queryKeys.feed.mine] as const;

export function patchPost(
  queryClient: QueryClient,
  postId: string,
  patch: (post: FeedPost) => FeedPost,
) {
  const mapPosts = (posts: FeedPost[]) => posts.map((p) => (p.id === postId ? patch(p) : p));
  for (const key of PAGED_LISTS)
    queryClient.setQueryData<PagedFeedData>(
      key,
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
  for (const key of PAGED_LISTS)
    for (const page of queryClient.getQueryData<PagedFeedData>(key)?.pages ?? []) {
      const post = page.posts.find((p) => p.id === postId);
      if (post) return post;
    }
  return queryClient
    .getQueryData<BuddyFeed>(queryKeys.feed.buddies)
    ?.posts.find((p) => p.id === postId);
}

/** Stops list refetches in flight so they cannot overwrite an optimistic change with older data. */
export async function cancelFeedLists(queryClient: QueryClient) {
  await Promise.all(
    [...PAGED_LISTS, queryKeys.feed.buddies].map((queryKey) =>
      queryClient.cancelQueries({ queryKey }),
    ),
  );
}

/** True while another change of the same kind to the same post is still on its way. */
export function othersPending(queryClient: QueryClient, mutationKey: readonly unknown[]) {
  // The mutation asking is itself still pending while its callbacks run.
  return queryClient.isMutating({ mutationKey, exact: true }) > 1;
}
