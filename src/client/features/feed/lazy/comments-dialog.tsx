import { Loader2, Trash2 } from 'lucide-react';
import type { FeedPost } from '@shared/api-types';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@client/components/ui/dialog';
import { useComments } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import { CommentForm } from './comment-form';
import { CommentItem } from '../components/comment-item';
import { DialogCloseButton } from '../components/dialog-close-button';

/** The whole thread of a post, oldest first, with a box to add one and delete on your own. */
export function CommentsDialog({
  post,
  open,
  onOpenChange,
}: {
  post: FeedPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const thread = useComments(post.id, open);
  const deleteComment = useDeleteComment(post.id);
  // Until the thread arrives, show what the card already has.
  const comments = thread.data ?? post.comments;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] max-w-lg flex-col gap-4 p-5 sm:p-6">
        <DialogCloseButton />
        <div className="flex flex-col gap-1 pr-10">
          <DialogTitle className="text-lg">{msg.commentsDialog.comments}</DialogTitle>
          <DialogDescription className="text-sm">
            {msg.commentsDialog.onPost(post.author.displayName)}
            {post.dayNumber ? ` · ${msg.dayNOf90(post.dayNumber)}` : ''}
          </DialogDescription>
        </div>

        <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
          {thread.isError && !thread.data ? (
            <div className="flex flex-col items-start gap-2 text-sm">
              <p>{errorMessage(thread.error, msg.unexpectedError)}</p>
              <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
                {msg.crewCycleTryAgain}
              </Button>
            </div>
          ) : comments.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{msg.noCommentsYet}</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-busy={thread.isFetching || undefined}>
              {comments.map((comment) => (
                <li key={comment.id}>
                  <CommentItem
                    comment={comment}
                    action={
                      comment.mine ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={msg.commentsDialog.deleteYourComment}
                          className="text-muted-foreground hover:text-danger"
                          disabled={
                            deleteComment.isPending && deleteComment.variables === comment.id
                          }
                          onClick={() => deleteComment.mutate(comment.id)}
                        >
                          {deleteComment.isPending && deleteComment.variables === comment.id ? (
                            <Loader2 aria-hidden className="size-4 animate-spin" />
                          ) : (
                            <Trash2 aria-hidden className="size-4" />
                          )}
                        </Button>
                      ) : null
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          {thread.isPending && post.commentCount > post.comments.length && (
            <p role="status" className="flex items-center gap-2 pt-3 text-sm text-muted-foreground">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {msg.loading}
            </p>
          )}
        </div>

        <CommentForm postId={post.id} />
      </DialogContent>
    </Dialog>
  );
}
