import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import type { FeedPost } from '@shared/api-types';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { shownByMeta } from '@client/lib/query-client';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import { Spinner } from '@client/components/ui/spinner';
import { useCrew } from '../api/get-crew';
import { useCrewCycle } from '../api/get-crew-cycle';
import { useCrewFeed } from '../api/get-crew-feed';
import { useRemoveMember } from '../api/remove-member';
import { Board } from './crew-board';
import { CrewCycleBoard, OTHER_STATE } from './crew-cycle-board';
import { CrewCyclePanel } from './crew-cycle';
import { OwnerPanel } from './crew-settings';
import { pagePath } from '@shared/pages';

/**
 * /app/crews/{id}: the crew's cycle, the board (the cycle's while one runs), the crew feed and (for
 * the owner) the crew's settings.
 */
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
  const cycle = useCrewCycle(crewId);
  if (crew.isPending) return <Spinner label={msg.loading} />;
  if (crew.isError)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h1 className="text-xl font-bold">{errorMessage(crew.error, msg.crewNotFound)}</h1>
        <Link to={pagePath('app-crews')} className="font-semibold text-accent-text underline">
          {msg.crewScreen.backToYourCrews}
        </Link>
      </Card>
    );
  const detail = crew.data;
  // Before the crew cycle's Day 1, nobody is on it yet: the board says who moves to it at Day 1.
  const upcoming = cycle.data?.cycle;
  const choices =
    upcoming && (upcoming.phase === 'scheduled' || upcoming.phase === 'countdown')
      ? new Map(upcoming.others.map((other) => [other.userId, OTHER_STATE[other.state]]))
      : undefined;
  return (
    <div className="flex flex-col gap-6">
      <title>{msg.common.pageTitle(`${detail.crew.name} · ${msg.crews}`)}</title>
      <ScreenHeading
        description={msg.crewScreen.membersOwner(
          detail.crew.memberCount,
          detail.maxMembers,
          detail.crew.ownerName,
        )}
      >
        {detail.crew.name}
      </ScreenHeading>
      {cycle.data && (
        <CrewCyclePanel crewId={crewId} state={cycle.data} isOwner={detail.crew.isOwner} />
      )}
      {cycle.data?.cycle?.phase === 'running' ? (
        <CrewCycleBoard
          crewId={crewId}
          cycle={cycle.data.cycle}
          rights={{
            canRemove: detail.crew.isOwner,
            viewerId,
            liveLink: detail.invite !== null,
          }}
        />
      ) : (
        <Board detail={detail} viewerId={viewerId} choices={choices} />
      )}
      <CrewFeed crewId={crewId} renderPost={renderPost} />
      {detail.crew.isOwner && <OwnerPanel detail={detail} />}
      <LeaveCrew crewId={crewId} viewerId={viewerId} />
    </div>
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
        {msg.crewScreen.crewFeed}
      </h2>
      {feed.isPending ? (
        <Spinner label={msg.loading} />
      ) : posts.length === 0 ? (
        <Card className="p-6 text-muted-foreground">{msg.crewScreen.nothingYet}</Card>
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
          {feed.isFetchingNextPage ? msg.loading : msg.loadMore}
        </Button>
      )}
    </section>
  );
}

function LeaveCrew({ crewId, viewerId }: { crewId: string; viewerId: string }) {
  const navigate = useNavigate();
  const leave = useRemoveMember(crewId, true);
  const onLeave = () =>
    leave
      .mutateAsync(viewerId)
      .then(() => navigate(pagePath('app-crews')))
      .catch(shownByMeta);
  return (
    <div>
      <ConfirmButton
        type="button"
        variant="ghost"
        disabled={leave.isPending}
        title={msg.crewLeaveTitle}
        description={msg.crewLeaveConfirm}
        confirmLabel={msg.crewLeave}
        onConfirm={onLeave}
      >
        <LogOut aria-hidden className="size-4" />
        {msg.crewLeave}
      </ConfirmButton>
    </div>
  );
}
