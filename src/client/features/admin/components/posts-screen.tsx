import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminPostView } from '@shared/api-types';
import { captionPreview } from '@shared/domain/display';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button, buttonVariants } from '@client/components/ui/button';
import { useAdminPost } from '../api/get-post';
import { useAdminPosts } from '../api/get-posts';
import { useDeletePost } from '../api/delete-post';
import { useSetPostHidden } from '../api/set-post-hidden';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { LoadMore, SearchBox, useDebouncedValue } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';
import { pagePath } from '@shared/pages';

const POST_COLUMNS = ['Caption', 'Author', 'Visibility', 'Status', 'Created', 'Actions'];

/** Hide or unhide a post: shared by the Posts list and the Reports screen. */
export function HidePostButton({ postId, isHidden }: { postId: string; isHidden: boolean }) {
  const setHidden = useSetPostHidden();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={setHidden.isPending}
      onClick={async () => {
        await setHidden
          .mutateAsync({ postId, isHidden: !isHidden })
          .then(() => toast.success(isHidden ? msg.postUnhidden : msg.postHidden), shownByMeta);
      }}
    >
      {isHidden ? msg.adminPostsScreen.unhide : msg.adminPostsScreen.hide}
    </Button>
  );
}

function PostRow({ post, highlighted }: { post: AdminPostView; highlighted: boolean }) {
  const remove = useDeletePost();
  return (
    <tr id={`post-${post.id}`} className={highlighted ? 'bg-primary/10' : undefined}>
      <Cell label={msg.adminPostsScreen.caption} className="max-w-xs">
        {captionPreview(post.caption)}
      </Cell>
      <Cell label={msg.adminPostsScreen.author}>{post.authorName || msg.unknownReporter}</Cell>
      <Cell label={msg.adminPostsScreen.visibility}>{post.visibility}</Cell>
      <Cell label={msg.common.status}>
        <Pill tone={post.isHidden ? 'warn' : 'good'}>
          {post.isHidden ? msg.postHiddenLabel : msg.postVisibleLabel}
        </Pill>
      </Cell>
      <Cell label={msg.common.created} className="whitespace-nowrap">
        {formatDate(post.createdAt)}
      </Cell>
      <Cell label={msg.common.actions}>
        <div className="flex flex-wrap gap-1">
          <HidePostButton postId={post.id} isHidden={post.isHidden} />
          <ConfirmButton
            size="sm"
            variant="ghost"
            className="text-danger"
            title={msg.adminPostsScreen.deletePost}
            description={msg.deletePostConfirm}
            confirmLabel={msg.common.delete}
            onConfirm={async () => {
              await remove.mutateAsync(post.id).catch(shownByMeta);
            }}
          >
            {msg.common.delete}
          </ConfirmButton>
        </div>
      </Cell>
    </tr>
  );
}

/** The post a report's "Open post" links to, by itself, wherever it is in the list. */
function OnePost({ postId }: { postId: string }) {
  const post = useAdminPost(postId);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>{msg.showingOnePost}</span>
        <Link
          to={pagePath('app-admin-posts')}
          className={buttonVariants({ variant: 'link', size: 'sm' })}
        >
          {msg.showAllPosts}
        </Link>
      </p>
      <ListState
        isLoading={post.isLoading}
        error={post.error}
        empty={false}
        errorText={errorMessage(post.error, msg.fetchPostsFailed)}
        emptyText=""
      />
      {post.data && (
        <AdminTable label={msg.adminPostsScreen.posts} columns={POST_COLUMNS}>
          <PostRow post={post.data} highlighted />
        </AdminTable>
      )}
    </div>
  );
}

/** Posts, newest first, a page at a time; searched by the author's name or words of the caption. */
function AllPosts() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const posts = useAdminPosts(q);
  const rows = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <SearchBox value={search} onChange={setSearch} label={msg.searchPosts} />
      <ListState
        isLoading={posts.isLoading}
        error={posts.error}
        empty={rows.length === 0}
        errorText={msg.fetchPostsFailed}
        emptyText={q ? msg.noMatches : msg.noPostsFound}
      />
      {rows.length > 0 && (
        <AdminTable label={msg.adminPostsScreen.posts} columns={POST_COLUMNS}>
          {rows.map((post) => (
            <PostRow key={post.id} post={post} highlighted={false} />
          ))}
        </AdminTable>
      )}
      <LoadMore list={posts} />
    </div>
  );
}

/** Posts; `highlight` (a report's "Open post") shows that post alone. */
export function PostsScreen({ highlight }: { highlight?: string | null }) {
  return highlight ? <OnePost postId={highlight} /> : <AllPosts />;
}
