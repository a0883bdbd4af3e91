import { lazy, Suspense, useState } from 'react';
import type { FeedPost } from '@shared/api-types';

// The comments and report dialogs hold forms (react-hook-form and the shared zod schemas, decision
// 0029): their code loads when the member reaches for one (pointer over or on the button, focus), so
// the feed's start-up does not evaluate it. The service worker has it precached after the first visit.
const loadCommentsDialog = () => import('../lazy/comments-dialog');
export const loadReportDialog = () => import('../lazy/report-dialog');
const CommentsDialog = lazy(() =>
  loadCommentsDialog().then((m) => ({ default: m.CommentsDialog })),
);
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));
export const loadAudienceDialog = () => import('../lazy/audience-dialog');
const AudienceDialog = lazy(() =>
  loadAudienceDialog().then((m) => ({ default: m.AudienceDialog })),
);
export const warmComments = {
  onPointerEnter: () => void loadCommentsDialog(),
  onPointerDown: () => void loadCommentsDialog(),
  onFocus: () => void loadCommentsDialog(),
};

/**
 * One of a post's dialogs: it joins the card when first opened (`used`) and stays for its closing
 * animation: thirty closed pairs made the feed's first render much longer (decision 0029).
 */
export function usePostDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  return { open, used, setOpen, show };
}

type PostDialog = ReturnType<typeof usePostDialog>;

/** A post's comments dialog, and who sees it (the author's) or its report dialog (anyone else's). */
export function PostDialogs({
  post,
  isMine,
  comments,
  audience,
  report,
}: {
  post: FeedPost;
  isMine: boolean;
  comments: PostDialog;
  audience: PostDialog;
  report: PostDialog;
}) {
  return (
    <Suspense fallback={null}>
      {comments.used && (
        <CommentsDialog post={post} open={comments.open} onOpenChange={comments.setOpen} />
      )}
      {isMine && audience.used && (
        <AudienceDialog
          postId={post.id}
          current={post.audience}
          open={audience.open}
          onOpenChange={audience.setOpen}
        />
      )}
      {!isMine && report.used && (
        <ReportDialog
          postId={post.id}
          authorName={post.author.displayName}
          open={report.open}
          onOpenChange={report.setOpen}
        />
      )}
    </Suspense>
  );
}
