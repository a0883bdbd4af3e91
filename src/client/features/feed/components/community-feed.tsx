import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Loader2, PenLine, RefreshCw, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { FeedPost } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { renderingServedMarkup } from '@client/lib/served-markup';
import { useBuddyFeed } from '../api/get-buddy-feed';
import { useCommunityFeed } from '../api/get-feed';
import { PostCard } from './post-card';
import { pagePath } from '@shared/pages';

/**
 * The whole feed screen: heading with Refresh, then My Buddies and Community. My Buddies stays when
 * it is empty and says what to do next: `inviteBuddies` is the invite button, which belongs to the
 * invites feature, so the route passes it in.
 */
export function CommunityFeed({
  viewerId,
  unitPref,
  inviteBuddies,
}: {
  viewerId: string;
  /** The viewer's units, for the weight changes members share. */
  unitPref: UnitPref;
  inviteBuddies: ReactNode;
}) {
  const feed = useCommunityFeed();
  const buddies = useBuddyFeed();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  const refreshing = (feed.isRefetching && !feed.isFetchingNextPage) || buddies.isRefetching;

  const retry = feed.isFetchNextPageError ? feed.fetchNextPage : feed.refetch;
  useEffect(() => {
    if (!feed.isError) {
      toast.dismiss('feed-error');
      return;
    }
    toast.error(msg.errorLoadingFeed, {
      id: 'feed-error',
      action: { label: 'Try again', onClick: () => void retry() },
    });
  }, [feed.isError, feed.errorUpdatedAt, retry]);

  const refresh = () => {
    toast.dismiss('feed-error');
    void feed.refetch();
    void buddies.refetch();
  };

  // Both lists appear in the same frame, as new elements (the keys): the community list never moves
  // down when My Buddies arrives after it (Lighthouse measured a layout shift of 0.4 there). That
  // frame is rendered in a deferred, interruptible render (decision 0029): the answers come in
  // through TanStack Query's store, whose updates React renders in one uninterrupted task.
  // My Buddies is waited for only while it is being fetched: offline it is paused (it is not in the
  // snapshot, decision 0023) and the Community page must show without it.
  const buddiesLoading = buddies.isPending && buddies.fetchStatus === 'fetching';
  const settled = useDeferredValue(!feed.isPending && !buddiesLoading);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <div className="flex items-start justify-between gap-4">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{msg.communityFeed}</h1>
        <Button
          variant="secondary"
          onClick={refresh}
          disabled={refreshing}
          aria-busy={refreshing || undefined}
          className="shrink-0"
        >
          <RefreshCw aria-hidden className={cn('size-4', refreshing && 'animate-spin')} />
          {msg.refresh}
        </Button>
      </div>

      <FeedSection
        key={settled ? 'buddies' : 'buddies-pending'}
        id="buddies"
        title={msg.myBuddies}
        icon={<Users aria-hidden className="size-5" />}
        // Spec: a failing buddy feed is ignored silently, so it shows no count rather than a wrong one.
        description={buddies.isSuccess ? msg.recentPosts(buddies.posts.length) : undefined}
      >
        <BuddyPosts
          settled={settled}
          buddies={buddies}
          viewerId={viewerId}
          unitPref={unitPref}
          inviteBuddies={inviteBuddies}
        />
      </FeedSection>

      <FeedSection
        key={settled ? 'community' : 'community-pending'}
        id="community"
        title={msg.community}
      >
        {!settled ? (
          <FeedSkeleton />
        ) : (
          <CommunityPosts feed={feed} posts={posts} viewerId={viewerId} unitPref={unitPref} />
        )}
      </FeedSection>
    </div>
  );
}

/** My Buddies' posts; a placeholder until the feed has settled, and what to do when it is empty. */
function BuddyPosts({
  settled,
  buddies,
  viewerId,
  unitPref,
  inviteBuddies,
}: {
  settled: boolean;
  buddies: ReturnType<typeof useBuddyFeed>;
  viewerId: string;
  unitPref: UnitPref;
  inviteBuddies: ReactNode;
}) {
  return !settled || buddies.isPending ? (
    <Card aria-hidden className="h-24 animate-pulse bg-muted/60" />
  ) : buddies.posts.length > 0 ? (
    <PostList posts={buddies.posts} viewerId={viewerId} unitPref={unitPref} />
  ) : (
    <Card className="flex flex-col items-center gap-4 p-6 text-center">
      <p className="max-w-sm text-sm text-muted-foreground">{msg.emptyBuddyFeed}</p>
      {inviteBuddies}
    </Card>
  );
}

/** The community's posts with Load more; or Try again when the first page failed, or a first nudge. */
function CommunityPosts({
  feed,
  posts,
  viewerId,
  unitPref,
}: {
  feed: ReturnType<typeof useCommunityFeed>;
  posts: FeedPost[];
  viewerId: string;
  unitPref: UnitPref;
}) {
  if (feed.isError && posts.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <p className="font-semibold">{msg.errorLoadingFeed}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          {msg.crewCycleTryAgain}
        </Button>
      </Card>
    );
  if (posts.length === 0)
    return (
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <PenLine aria-hidden className="size-8 text-accent-text" />
        <p className="max-w-sm font-semibold">{msg.emptyFeed}</p>
        <Button asChild>
          <Link to={pagePath('app-home')}>{msg.common.checkInToday}</Link>
        </Button>
      </Card>
    );
  return (
    <>
      <PostList posts={posts} viewerId={viewerId} unitPref={unitPref} />
      {feed.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
        >
          {feed.isFetchingNextPage && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {feed.isFetchingNextPage ? msg.loading : msg.loadMore}
        </Button>
      )}
      {!feed.hasNextPage && posts.length > 0 && (
        <p className="text-center text-sm text-muted-foreground">{msg.feedAllCaughtUp}</p>
      )}
    </>
  );
}

function FeedSection({
  id,
  title,
  description,
  icon,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `feed-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          {icon}
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Posts rendered with the list's first paint; the rest follow in the next, interruptible render. */
const FIRST_POSTS = 3;

/**
 * A page of posts is 30 cards of markdown, menus and media: rendered in one go on a phone that is
 * one long task. The first cards render at once, the others just after in a transition, which React
 * renders in slices between the browser's own work, so the page answers a tap meanwhile. Cards
 * below the fold are laid out and painted only when scrolled near (`content-visibility: auto`).
 * The server renders all of them (decision 0031), and the app's first render over that markup too.
 */
function PostList({
  posts,
  viewerId,
  unitPref,
}: {
  posts: FeedPost[];
  viewerId: string;
  unitPref: UnitPref;
}) {
  const [all, setAll] = useState(() => posts.length <= FIRST_POSTS || renderingServedMarkup());
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const shown = all ? posts : posts.slice(0, FIRST_POSTS);
  return (
    <ol className="flex flex-col gap-4">
      {shown.map((post, i) => (
        <li
          key={post.id}
          className={
            i < FIRST_POSTS
              ? undefined
              : '[contain-intrinsic-size:auto_24rem] [content-visibility:auto]'
          }
        >
          <PostCard post={post} viewerId={viewerId} unitPref={unitPref} />
        </li>
      ))}
    </ol>
  );
}

function FeedSkeleton() {
  return (
    <div role="status" aria-label={msg.loading} className="flex flex-col gap-4">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex animate-pulse flex-col gap-4 p-5">
          <div className="flex items-center gap-3">
            <div className="size-11 rounded-full bg-muted" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-32 rounded bg-muted" />
              <div className="h-3 w-24 rounded bg-muted" />
            </div>
          </div>
          <div className="h-4 w-full rounded bg-muted" />
          <div className="h-4 w-2/3 rounded bg-muted" />
          <div className="h-16 w-full rounded-xl bg-muted" />
        </Card>
      ))}
    </div>
  );
}
