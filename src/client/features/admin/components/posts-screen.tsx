import { toast } from 'sonner';
import type { AdminPostView } from '@shared/api-types';
import { captionPreview } from '@shared/domain/display';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { useAdminPosts, useDeletePost, useSetPostHidden } from '../api/content';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';

/** Hide or unhide a post: shared by the Posts list and the Reports screen. */
export function HidePostButton({ postId, isHidden }: { postId: string; isHidden: boolean }) {
  const setHidden = useSetPostHidden();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={setHidden.isPending}
      onClick={async () => {
        try {
          await setHidden.mutateAsync({ postId, isHidden: !isHidden });
          toast.success(isHidden ? msg.postUnhidden : msg.postHidden);
        } catch (error) {
          toast.error(errorMessage(error, msg.updatePostFailed));
        }
      }}
    >
      {isHidden ? 'Unhide' : 'Hide'}
    </Button>
  );
}

function PostRow({ post, highlighted }: { post: AdminPostView; highlighted: boolean }) {
  const remove = useDeletePost();
  return (
    <tr id={`post-${post.id}`} className={highlighted ? 'bg-primary/10' : undefined}>
      <Cell label="Caption" className="max-w-xs">
        {captionPreview(post.caption)}
      </Cell>
      <Cell label="Author">{post.authorName || msg.unknownReporter}</Cell>
      <Cell label="Visibility">{post.visibility}</Cell>
      <Cell label="Status">
        <Pill tone={post.isHidden ? 'warn' : 'good'}>
          {post.isHidden ? msg.postHiddenLabel : msg.postVisibleLabel}
        </Pill>
      </Cell>
      <Cell label="Created" className="whitespace-nowrap">
        {formatDate(post.createdAt)}
      </Cell>
      <Cell label="Actions">
        <div className="flex flex-wrap gap-1">
          <HidePostButton postId={post.id} isHidden={post.isHidden} />
          <ConfirmButton
            size="sm"
            variant="ghost"
            className="text-danger"
            title="Delete post"
            description={msg.deletePostConfirm}
            confirmLabel="Delete"
            onConfirm={async () => {
              try {
                await remove.mutateAsync(post.id);
                toast.success(msg.postDeleted);
              } catch (error) {
                toast.error(errorMessage(error, msg.deletePostFailed));
              }
            }}
          >
            Delete
          </ConfirmButton>
        </div>
      </Cell>
    </tr>
  );
}

/** Posts, newest first. `highlight` marks the post a report linked to. */
export function PostsScreen({ highlight }: { highlight?: string | null }) {
  const posts = useAdminPosts();
  const rows = posts.data?.posts ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListState
        isLoading={posts.isLoading}
        error={posts.error}
        empty={rows.length === 0}
        errorText={msg.fetchPostsFailed}
        emptyText={msg.noPostsFound}
      />
      {rows.length > 0 && (
        <AdminTable
          label="Posts"
          columns={['Caption', 'Author', 'Visibility', 'Status', 'Created', 'Actions']}
        >
          {rows.map((post) => (
            <PostRow key={post.id} post={post} highlighted={post.id === highlight} />
          ))}
        </AdminTable>
      )}
    </div>
  );
}
