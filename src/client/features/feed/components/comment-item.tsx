import type { ReactNode } from 'react';
import type { FeedComment } from '@shared/api-types';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { RelativeTime } from './relative-time';

/** One comment: who, when, what. Plain text: comments are short and not markdown. */
export function CommentItem({ comment, action }: { comment: FeedComment; action?: ReactNode }) {
  return (
    <div className="flex gap-2.5">
      <MemberAvatar
        name={comment.author.displayName}
        src={comment.author.avatarUrl}
        className="size-8 text-xs"
      />
      <div className="min-w-0 flex-1 rounded-xl bg-muted px-3 py-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold">{comment.author.displayName}</span>
          <RelativeTime iso={comment.createdAt} className="text-xs" />
        </div>
        <p className="text-sm break-words whitespace-pre-line">{comment.body}</p>
      </div>
      {action}
    </div>
  );
}
