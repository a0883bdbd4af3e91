import { Eye, Flag, Globe, Lock, MoreHorizontal, Users, type LucideIcon } from 'lucide-react';
import type { FeedPost } from '@shared/api-types';
import { audienceLabel } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { loadAudienceDialog, loadReportDialog } from './post-dialogs';
import { RelativeTime } from './relative-time';

/**
 * A post's header: the author, the cycle day, when, who sees it (a crew or only the author; on the
 * member's own posts, always, Community too), and its menu: "Who sees this" on the member's own
 * post, "Report" on anyone else's.
 */
export function PostHeader({
  post,
  headingId,
  isMine,
  onWhoSees,
  onReport,
}: {
  post: FeedPost;
  headingId: string;
  isMine: boolean;
  onWhoSees: () => void;
  onReport: () => void;
}) {
  return (
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
          {(isMine || post.audience.kind !== 'community') && (
            <span className="inline-flex items-center gap-1" data-testid="post-audience">
              <AudienceIcon kind={post.audience.kind} />
              {audienceLabel(post.audience)}
            </span>
          )}
        </p>
      </div>
      {isMine && (
        <PostMenu
          label={msg.postHeader.moreActionsForYourPost}
          warm={() => void loadAudienceDialog()}
          icon={Eye}
          action={msg.audienceSelect.whoSeesThis}
          onSelect={onWhoSees}
        />
      )}
      {!isMine && (
        <PostMenu
          label={msg.postHeader.moreActionsForPost(post.author.displayName)}
          warm={() => void loadReportDialog()}
          icon={Flag}
          action={msg.postHeader.report}
          onSelect={onReport}
        />
      )}
    </header>
  );
}

function AudienceIcon({ kind }: { kind: FeedPost['audience']['kind'] }) {
  const Icon = kind === 'crew' ? Users : kind === 'only_me' ? Lock : Globe;
  return <Icon aria-hidden className="size-3.5" />;
}

/** The "…" menu of a post, with its one action; pressing it starts loading that action's dialog. */
function PostMenu({
  label,
  warm,
  icon: Icon,
  action,
  onSelect,
}: {
  label: string;
  warm: () => void;
  icon: LucideIcon;
  action: string;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        onPointerDown={warm}
        onKeyDown={warm}
        aria-label={label}
        className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <MoreHorizontal aria-hidden className="size-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>
          <Icon aria-hidden className="size-4" />
          {action}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
