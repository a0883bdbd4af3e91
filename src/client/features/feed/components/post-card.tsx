import { lazy, Suspense, useId, useState } from 'react';
import { Eye, Flag, Lock, MessageCircle, MoreHorizontal, Users } from 'lucide-react';
import type { FeedPost } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { Markdown } from '@client/components/ui/markdown';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { CommentItem } from './comment-item';
import { LikeButton } from './like-button';
import { PostMedia } from './post-media';
import { PostStats } from './post-stats';
import { PostUpdates } from './post-updates';
import { ReactionBar } from './reaction-bar';
import { RelativeTime } from './relative-time';

// The comments and report dialogs hold forms (react-hook-form and the shared zod schemas, decision
// 0029): their code loads when the member reaches for one (pointer over or on the button, focus), so
// the feed's start-up does not evaluate it. The service worker has it precached after the first visit.
const loadCommentsDialog = () => import('../lazy/comments-dialog');
const loadReportDialog = () => import('../lazy/report-dialog');
const CommentsDialog = lazy(() =>
  loadCommentsDialog().then((m) => ({ default: m.CommentsDialog })),
);
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));
const loadAudienceDialog = () => import('@client/components/audience/audience-dialog');
const AudienceDialog = lazy(() =>
  loadAudienceDialog().then((m) => ({ default: m.AudienceDialog })),
);
const warmComments = {
  onPointerEnter: () => void loadCommentsDialog(),
  onPointerDown: () => void loadCommentsDialog(),
  onFocus: () => void loadCommentsDialog(),
};

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
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // The dialogs (a thread query, a form) join the card when first opened and stay for their closing
  // animation: thirty closed pairs made the feed's first render much longer (decision 0029).
  const [commentsUsed, setCommentsUsed] = useState(false);
  const [reportUsed, setReportUsed] = useState(false);
  const [audienceOpen, setAudienceOpen] = useState(false);
  const [audienceUsed, setAudienceUsed] = useState(false);
  const openComments = () => {
    setCommentsUsed(true);
    setCommentsOpen(true);
  };
  const isMine = post.author.id === viewerId;
  const journal = post.journalMd?.trim();
  const who = post.dayNumber
    ? `${post.author.displayName}, ${msg.dayN(post.dayNumber)}`
    : post.author.displayName;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-labelledby={headingId} role="article">
      <header className="flex items-start gap-3">
        <MemberAvatar
          name={post.author.displayName}
          src={post.author.avatarUrl}
          className="size-11"
        />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-bold">
            {post.author.displayName}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
            {post.dayNumber && (
              <span className="tabular font-semibold text-accent-text">
                {msg.dayNOf90(post.dayNumber)}
              </span>
            )}
            <RelativeTime iso={post.createdAt} />
            {post.audience.kind !== 'community' && (
              <span className="inline-flex items-center gap-1">
                {post.audience.kind === 'crew' ? (
                  <Users aria-hidden className="size-3.5" />
                ) : (
                  <Lock aria-hidden className="size-3.5" />
                )}
                {post.audience.kind === 'crew' ? post.audience.crewName : msg.audienceOnlyMe}
              </span>
            )}
          </p>
        </div>
        {isMine && (
          <DropdownMenu>
            <DropdownMenuTrigger
              onPointerDown={() => void loadAudienceDialog()}
              onKeyDown={() => void loadAudienceDialog()}
              aria-label="More actions for your post"
              className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <MoreHorizontal aria-hidden className="size-5" />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem
                onSelect={() => {
                  setAudienceUsed(true);
                  setAudienceOpen(true);
                }}
              >
                <Eye aria-hidden className="size-4" />
                Who sees this
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
        {!isMine && (
          <DropdownMenu>
            <DropdownMenuTrigger
              onPointerDown={() => void loadReportDialog()}
              onKeyDown={() => void loadReportDialog()}
              aria-label={`More actions for ${post.author.displayName}'s post`}
              className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <MoreHorizontal aria-hidden className="size-5" />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem
                onSelect={() => {
                  setReportUsed(true);
                  setReportOpen(true);
                }}
              >
                <Flag aria-hidden className="size-4" />
                Report
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </header>

      {journal ? (
        <Markdown className="text-[15px]">{journal}</Markdown>
      ) : (
        post.caption && <p className="text-[15px] leading-relaxed">{post.caption}</p>
      )}

      <PostStats
        movedMinutes={post.movedMinutes}
        steps={post.steps}
        cumulativeMinutes={post.cumulativeMinutes}
        cumulativeSteps={post.cumulativeSteps}
        weightChangeKg={post.weightChangeKg}
        unitPref={unitPref}
        activitySource={post.activitySource}
      />

      <PostMedia media={post.media} legacyUrl={post.legacyMediaUrl} label={who} />

      <PostUpdates updates={post.updates} label={who} />

      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-2 border-t border-border pt-3">
        <div className="flex items-center gap-1.5">
          <LikeButton postId={post.id} likeCount={post.likeCount} likedByMe={post.likedByMe} />
          <button
            type="button"
            onClick={openComments}
            {...warmComments}
            aria-label={`Comments, ${formatNumber(post.commentCount)}`}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-border px-3 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
          >
            <MessageCircle aria-hidden className="size-4" />
            <span className="tabular">{formatNumber(post.commentCount)}</span>
          </button>
        </div>
        <span aria-hidden className="mx-1 hidden h-6 w-px bg-border sm:block" />
        <ReactionBar postId={post.id} reactions={post.reactions} myReaction={post.myReaction} />
      </div>

      {post.comments.length > 0 && (
        <section aria-label="First comments" className="flex flex-col gap-2.5">
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
              onClick={openComments}
              {...warmComments}
              className="inline-flex min-h-11 items-center self-start rounded-lg px-2 text-sm font-semibold text-accent-text hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {msg.viewAllComments(post.commentCount)}
            </button>
          )}
        </section>
      )}

      <Suspense fallback={null}>
        {commentsUsed && (
          <CommentsDialog post={post} open={commentsOpen} onOpenChange={setCommentsOpen} />
        )}
        {isMine && audienceUsed && (
          <AudienceDialog
            postId={post.id}
            current={post.audience}
            open={audienceOpen}
            onOpenChange={setAudienceOpen}
          />
        )}
        {!isMine && reportUsed && (
          <ReportDialog
            postId={post.id}
            authorName={post.author.displayName}
            open={reportOpen}
            onOpenChange={setReportOpen}
          />
        )}
      </Suspense>
    </Card>
  );
}
