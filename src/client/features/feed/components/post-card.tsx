import { useId } from 'react';
import { MessageCircle } from 'lucide-react';
import type { FeedPost } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { shownCaption } from '@shared/domain/display';
import { formatNumber } from '@shared/format';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import { MediaGallery } from '@client/components/media-gallery/media-gallery';
import { Markdown } from '@client/components/ui/markdown';
import { CommentItem } from './comment-item';
import { LikeButton } from './like-button';
import { PostDialogs, usePostDialog, warmComments } from './post-dialogs';
import { PostHeader } from './post-header';
import { postMedia } from '../lib/post-media';
import { PostStats } from './post-stats';
import { PostUpdates } from './post-updates';
import { ReactionBar } from './reaction-bar';

export function PostCard({
  post,
  viewerId,
  unitPref,
}: {
  post: FeedPost;
  viewerId: string;
  unitPref: UnitPref;
}) {
  const headingId = useId();
  const comments = usePostDialog();
  const report = usePostDialog();
  const audience = usePostDialog();
  const isMine = post.author.id === viewerId;
  const journal = post.journalMd?.trim();
  const who = post.dayNumber
    ? `${post.author.displayName}, ${msg.dayN(post.dayNumber)}`
    : post.author.displayName;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-labelledby={headingId} role="article">
      <PostHeader
        post={post}
        headingId={headingId}
        isMine={isMine}
        onWhoSees={audience.show}
        onReport={report.show}
      />

      {journal ? (
        <Markdown className="text-[15px]">{journal}</Markdown>
      ) : (
        post.caption && <p className="text-[15px] leading-relaxed">{shownCaption(post.caption)}</p>
      )}

      <PostStats
        dayStats={post.dayStats}
        weightChangeKg={post.weightChangeKg}
        unitPref={unitPref}
        activitySource={post.activitySource}
      />

      <MediaGallery layout="post" media={postMedia(post.media, post.legacyMediaUrl)} from={who} />

      <PostUpdates updates={post.updates} label={who} />

      <PostActions post={post} onComments={comments.show} />

      {post.comments.length > 0 && <FirstComments post={post} onViewAll={comments.show} />}

      <PostDialogs
        post={post}
        isMine={isMine}
        comments={comments}
        audience={audience}
        report={report}
      />
    </Card>
  );
}

/** Under a post: its like, its comments button and the reactions. */
function PostActions({ post, onComments }: { post: FeedPost; onComments: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-1.5 gap-y-2 border-t border-border pt-3">
      <div className="flex items-center gap-1.5">
        <LikeButton postId={post.id} likeCount={post.likeCount} likedByMe={post.likedByMe} />
        <button
          type="button"
          onClick={onComments}
          {...warmComments}
          aria-label={msg.postCard.comments(post.commentCount)}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-border px-3 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
        >
          <MessageCircle aria-hidden className="size-4" />
          <span className="tabular">{formatNumber(post.commentCount)}</span>
        </button>
      </div>
      <span aria-hidden className="mx-1 hidden h-6 w-px bg-border sm:block" />
      <ReactionBar postId={post.id} reactions={post.reactions} myReaction={post.myReaction} />
    </div>
  );
}

/** A post's first comments, and a link to all of them when there are more. */
function FirstComments({ post, onViewAll }: { post: FeedPost; onViewAll: () => void }) {
  return (
    <section aria-label={msg.postCard.firstComments} className="flex flex-col gap-2.5">
      <ol className="flex flex-col gap-2.5">
        {post.comments.map((comment) => (
          <li key={comment.id}>
            <CommentItem comment={comment} />
          </li>
        ))}
      </ol>
      {post.commentCount > post.comments.length && (
        <button
          type="button"
          onClick={onViewAll}
          {...warmComments}
          className="inline-flex min-h-11 items-center self-start rounded-lg px-2 text-sm font-semibold text-accent-text hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {msg.viewAllComments(post.commentCount)}
        </button>
      )}
    </section>
  );
}
