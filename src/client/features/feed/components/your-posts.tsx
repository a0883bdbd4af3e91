import { CircleAlert, Loader2, Newspaper, RefreshCw } from 'lucide-react';
import type { UnitPref } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useMyPosts } from '../api/get-my-posts';
import { PostCard } from './post-card';

/**
 * Your posts (decision 0093): every post of the member's, whoever sees it, each marked with its
 * audience and with "Who sees this" in its menu. The one place an only-me post (or a crew post that
 * became the member's alone) is found again after its day.
 */
export function YourPosts({ viewerId, unitPref }: { viewerId: string; unitPref: UnitPref }) {
  const posts = useMyPosts();
  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <section aria-labelledby="your-posts-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2
          id="your-posts-heading"
          className="flex items-center gap-2 text-xl font-bold tracking-tight"
        >
          <Newspaper aria-hidden className="size-5 text-accent-text" />
          {msg.yourPosts}
        </h2>
        <p className="text-sm text-muted-foreground">{msg.yourPostsLead}</p>
      </div>
      {posts.isPending ? (
        <p className="text-sm text-muted-foreground">{msg.loading}</p>
      ) : posts.isError && list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-6 text-center">
          <p role="alert" className="flex items-center gap-2 font-semibold text-danger">
            <CircleAlert aria-hidden className="size-4" />
            {msg.errorLoadingYourPosts}
          </p>
          <Button variant="secondary" onClick={() => void posts.refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {msg.crewCycleTryAgain}
          </Button>
        </Card>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{msg.noPostsYet}</p>
      ) : (
        <ol aria-label={msg.yourPosts} className="flex flex-col gap-4">
          {list.map((post) => (
            <li key={post.id}>
              <PostCard post={post} viewerId={viewerId} unitPref={unitPref} />
            </li>
          ))}
        </ol>
      )}
      {posts.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void posts.fetchNextPage()}
          disabled={posts.isFetchingNextPage}
        >
          {posts.isFetchingNextPage && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {posts.isFetchingNextPage ? msg.loading : msg.loadMore}
        </Button>
      )}
    </section>
  );
}
