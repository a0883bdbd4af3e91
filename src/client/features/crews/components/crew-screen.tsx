import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Bell, Check, Copy, Link2, LogOut, UserMinus } from 'lucide-react';
import type { CrewBoardEntry, CrewDetail, FeedPost } from '@shared/api-types';
import { CREW_NAME_MAX } from '@shared/constants';
import { crewNameSchema } from '@shared/domain/schemas';
import { formatShortDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { Spinner } from '@client/components/ui/spinner';
import {
  useCloseCrew,
  useCrew,
  useCrewFeed,
  useNewInviteLink,
  useNudge,
  useRemoveMember,
  useRenameCrew,
  useRevokeInviteLink,
} from '../api';

/** /app/crews/{id}: the board, the crew feed and (for the owner) the crew's settings. */
export function CrewScreen({
  crewId,
  viewerId,
  renderPost,
}: {
  crewId: string;
  viewerId: string;
  /** A post of the crew feed as the community feed shows it (the feed feature's card, from the route). */
  renderPost: (post: FeedPost) => ReactNode;
}) {
  const crew = useCrew(crewId);
  if (crew.isPending) return <Spinner label={msg.loading} />;
  if (crew.isError)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h1 className="text-xl font-bold">{errorMessage(crew.error, msg.crewNotFound)}</h1>
        <Link to="/app/crews" className="font-semibold text-accent-text underline">
          Back to your crews
        </Link>
      </Card>
    );
  const detail = crew.data;
  return (
    <div className="flex flex-col gap-6">
      <title>{`${detail.crew.name} · Crews · StackDays`}</title>
      <ScreenHeading
        description={`${detail.crew.memberCount} of ${detail.maxMembers} members · owner ${detail.crew.ownerName ?? 'nobody'}`}
      >
        {detail.crew.name}
      </ScreenHeading>
      <Board detail={detail} viewerId={viewerId} />
      <CrewFeed crewId={crewId} renderPost={renderPost} />
      {detail.crew.isOwner && <OwnerPanel detail={detail} />}
      <LeaveCrew crewId={crewId} viewerId={viewerId} />
    </div>
  );
}

function Board({ detail, viewerId }: { detail: CrewDetail; viewerId: string }) {
  return (
    <section aria-labelledby="crew-board" className="flex flex-col gap-3">
      <h2 id="crew-board" className="text-xl font-bold">
        Board
      </h2>
      <Card className="p-2 sm:p-3">
        <ol className="flex flex-col">
          {detail.board.map((entry) => (
            <BoardRow
              key={entry.userId}
              crewId={detail.crew.id}
              entry={entry}
              canRemove={detail.crew.isOwner && entry.userId !== viewerId}
            />
          ))}
        </ol>
      </Card>
    </section>
  );
}

function BoardRow({
  crewId,
  entry,
  canRemove,
}: {
  crewId: string;
  entry: CrewBoardEntry;
  canRemove: boolean;
}) {
  const nudge = useNudge(crewId);
  const remove = useRemoveMember(crewId);
  const onNudge = () =>
    nudge.mutate(entry.userId, {
      onSuccess: (sent) => toast.success(sent.message),
      onError: (error) => toast.error(errorMessage(error, msg.unexpectedError)),
    });
  const onRemove = () => {
    if (!window.confirm(`Remove ${entry.displayName} from the crew?`)) return;
    remove.mutate(entry.userId, {
      onError: (error) => toast.error(errorMessage(error, msg.unexpectedError)),
    });
  };
  return (
    <li
      className="flex flex-wrap items-center gap-3 border-b border-border p-2 last:border-b-0"
      aria-label={entry.displayName}
    >
      <MemberAvatar name={entry.displayName} src={entry.avatarUrl} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold">
          {entry.displayName}
          {entry.isMe && (
            <span className="ml-2 text-sm font-semibold text-muted-foreground">You</span>
          )}
          {entry.isOwner && (
            <span className="ml-2 text-sm font-semibold text-muted-foreground">Owner</span>
          )}
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span className="tabular">
            {entry.currentDay ? msg.dayN(entry.currentDay) : 'No cycle yet'}
          </span>
          <span className={entry.checkedInToday ? 'font-semibold text-accent-text' : undefined}>
            {entry.checkedInToday ? 'Checked in today' : 'Not yet today'}
          </span>
          <span className="tabular">Streak {entry.streak}</span>
          <span className="tabular">{entry.consistency}% consistency</span>
        </p>
      </div>
      {!entry.isMe && !entry.checkedInToday && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={entry.nudgedToday || nudge.isPending}
          onClick={onNudge}
          aria-label={
            entry.nudgedToday ? `${entry.displayName} nudged today` : `Nudge ${entry.displayName}`
          }
        >
          {entry.nudgedToday ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Bell aria-hidden className="size-4" />
          )}
          {entry.nudgedToday ? 'Nudged' : 'Nudge'}
        </Button>
      )}
      {canRemove && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${entry.displayName}`}
        >
          <UserMinus aria-hidden className="size-4" />
        </Button>
      )}
    </li>
  );
}

function CrewFeed({
  crewId,
  renderPost,
}: {
  crewId: string;
  renderPost: (post: FeedPost) => ReactNode;
}) {
  const feed = useCrewFeed(crewId);
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <section aria-labelledby="crew-feed" className="flex flex-col gap-3">
      <h2 id="crew-feed" className="text-xl font-bold">
        Crew feed
      </h2>
      {feed.isPending ? (
        <Spinner label={msg.loading} />
      ) : posts.length === 0 ? (
        <Card className="p-6 text-muted-foreground">
          Nothing yet. Check in and share it with the crew!
        </Card>
      ) : (
        <ol className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.id}>{renderPost(post)}</li>
          ))}
        </ol>
      )}
      {feed.hasNextPage && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          className="self-center"
        >
          {feed.isFetchingNextPage ? msg.loading : 'Load more'}
        </Button>
      )}
    </section>
  );
}

function OwnerPanel({ detail }: { detail: CrewDetail }) {
  const id = useId();
  const crewId = detail.crew.id;
  const navigate = useNavigate();
  const rename = useRenameCrew(crewId);
  const newLink = useNewInviteLink(crewId);
  const revoke = useRevokeInviteLink(crewId);
  const close = useCloseCrew(crewId);
  const timeZone = useMemberTimeZone();
  const [name, setName] = useState(detail.crew.name);
  const [error, setError] = useState<string | undefined>();
  const fail = (err: unknown) => toast.error(errorMessage(err, msg.unexpectedError));

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crewNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate(parsed.data, {
      onSuccess: () => toast.success('Crew renamed.'),
      onError: (err) => setError(errorMessage(err, msg.unexpectedError)),
    });
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invite link copied.');
    } catch {
      toast.info(url);
    }
  };
  const onClose = () => {
    if (
      !window.confirm(
        `Close ${detail.crew.name}? Everyone leaves it, and its posts become theirs alone.`,
      )
    )
      return;
    close.mutate(undefined, {
      onSuccess: () => {
        toast.success('Crew closed.');
        void navigate('/app/crews');
      },
      onError: fail,
    });
  };

  return (
    <section aria-labelledby="crew-settings" className="flex flex-col gap-3">
      <h2 id="crew-settings" className="text-xl font-bold">
        Crew settings
      </h2>
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <div className="flex flex-col gap-2">
          <h3 className="font-bold">Invite link</h3>
          <p className="text-sm text-muted-foreground">
            Anyone with the link can join for 7 days. A new link stops the old one.
          </p>
          {detail.invite ? (
            <>
              <Label htmlFor={`${id}-link`}>Link</Label>
              <Input
                id={`${id}-link`}
                readOnly
                value={detail.invite.url}
                onFocus={(e) => e.target.select()}
              />
              <p className="text-sm text-muted-foreground">
                Works until {formatShortDateTime(detail.invite.expiresAt, timeZone)}.
              </p>
            </>
          ) : (
            <p className="text-sm">No live link.</p>
          )}
          <div className="flex flex-wrap gap-2">
            {detail.invite && (
              <Button
                type="button"
                variant="secondary"
                onClick={() => void copy(detail.invite!.url)}
              >
                <Copy aria-hidden className="size-4" />
                Copy link
              </Button>
            )}
            <Button
              type="button"
              onClick={() => newLink.mutate(undefined, { onError: fail })}
              disabled={newLink.isPending}
            >
              <Link2 aria-hidden className="size-4" />
              {detail.invite ? 'Make a new link' : 'Make an invite link'}
            </Button>
            {detail.invite && (
              <Button
                type="button"
                variant="secondary"
                onClick={() => revoke.mutate(undefined, { onError: fail })}
                disabled={revoke.isPending}
              >
                Turn the link off
              </Button>
            )}
          </div>
        </div>
        <form onSubmit={onRename} noValidate className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Crew name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={CREW_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`)}
          />
          <FieldMessage id={`${id}-error`} tone="error">
            {error}
          </FieldMessage>
          <Button
            type="submit"
            variant="secondary"
            disabled={rename.isPending}
            className="self-start"
          >
            Rename
          </Button>
        </form>
        <div>
          <Button type="button" variant="danger" onClick={onClose} disabled={close.isPending}>
            Close crew
          </Button>
        </div>
      </Card>
    </section>
  );
}

function LeaveCrew({ crewId, viewerId }: { crewId: string; viewerId: string }) {
  const navigate = useNavigate();
  const leave = useRemoveMember(crewId);
  const onLeave = () => {
    if (!window.confirm('Leave this crew? Posts you shared with it become yours alone.')) return;
    leave.mutate(viewerId, {
      onSuccess: () => {
        toast.success('You left the crew.');
        void navigate('/app/crews');
      },
      onError: (error) => toast.error(errorMessage(error, msg.unexpectedError)),
    });
  };
  return (
    <div>
      <Button type="button" variant="ghost" onClick={onLeave} disabled={leave.isPending}>
        <LogOut aria-hidden className="size-4" />
        Leave crew
      </Button>
    </div>
  );
}
