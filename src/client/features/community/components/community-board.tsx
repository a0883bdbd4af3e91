import { useEffect } from 'react';
import { Link } from 'react-router';
import { RefreshCw, Users } from 'lucide-react';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useCommunity } from '../api/get-community';
import { CommunityStats } from './community-stats';
import { Leaderboard } from './leaderboard';
import { LongestStreaks } from './longest-streaks';
import { pagePath } from '@shared/pages';

export function CommunityBoardScreen({ viewerId }: { viewerId: string }) {
  const query = useCommunity();
  const { refetch } = query;

  useEffect(() => {
    if (!query.isError) {
      toast.dismiss('community-error');
      return;
    }
    toast.error(errorMessage(query.error, msg.unexpectedError), {
      id: 'community-error',
      action: { label: 'Try again', onClick: () => void refetch() },
    });
  }, [query.isError, query.error, refetch]);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading description={msg.communityBoard.everyoneShowingUpDayAfter}>
        {msg.community}
      </ScreenHeading>
      <Link
        to={pagePath('app-crews')}
        className={buttonVariants({ variant: 'secondary', className: 'self-start' })}
      >
        <Users aria-hidden className="size-4" />
        {msg.common.yourCrews}
      </Link>
      {query.isPending ? (
        <Spinner label={msg.loading} />
      ) : query.isError && !query.data ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="font-semibold">{errorMessage(query.error, msg.unexpectedError)}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {msg.crewCycleTryAgain}
          </Button>
        </Card>
      ) : (
        <>
          <CommunityStats stats={query.data.stats} />
          <div className="grid items-start gap-6 lg:grid-cols-5">
            <div className="lg:col-span-3">
              <Leaderboard entries={query.data.leaderboard} viewerId={viewerId} />
            </div>
            <div className="lg:col-span-2">
              <LongestStreaks entries={query.data.longestStreaks} viewerId={viewerId} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
