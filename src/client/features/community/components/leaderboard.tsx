import { Link } from 'react-router';
import { LEADERBOARD_TOP } from '@shared/constants';
import type { LeaderboardEntry } from '@shared/api-types';
import { formatNumber, formatPercent } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { StrictTag } from '@client/components/strict-tag';
import { cn } from '@client/lib/cn';
import { RankBadge } from './rank-badge';
import { YouTag } from './you-tag';
import { pagePath } from '@shared/pages';

/** Top 20 by consistency: rank, member, consistency, check-ins and the day they are on. */
export function Leaderboard({
  entries,
  viewerId,
}: {
  entries: LeaderboardEntry[];
  viewerId: string;
}) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <CardTitle id="leaderboard-heading">{msg.consistencyLeaderboard}</CardTitle>
        <CardDescription>{msg.leaderboard.topByConsistency(LEADERBOARD_TOP)}</CardDescription>
      </div>
      {entries.length === 0 ? (
        <EmptyBoard text={msg.emptyLeaderboard} />
      ) : (
        <table
          aria-labelledby="leaderboard-heading"
          className="w-full border-separate border-spacing-0 text-sm"
        >
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="w-12 pb-2 font-medium">
                {msg.leaderboard.rank}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {msg.common.member}
              </th>
              <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
                {msg.common.checkIns}
              </th>
              <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
                {msg.common.day}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {msg.common.consistency}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <LeaderboardRow
                key={entry.userId}
                entry={entry}
                rank={i + 1}
                mine={entry.userId === viewerId}
              />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** One member's line: rank, avatar and name (tagged when it is the viewer), and their numbers. */
function LeaderboardRow({
  entry,
  rank,
  mine,
}: {
  entry: LeaderboardEntry;
  rank: number;
  mine: boolean;
}) {
  return (
    <tr
      aria-current={mine ? 'true' : undefined}
      className={cn(
        '[&>td]:border-t [&>td]:border-border [&>td]:py-2',
        mine &&
          '[&>td]:bg-primary/15 [&>td:first-child]:rounded-l-lg [&>td:last-child]:rounded-r-lg',
      )}
    >
      <td className="pl-1">
        <RankBadge rank={rank} />
      </td>
      <td className="min-w-0">
        <div className="flex min-w-0 items-center gap-2.5">
          <MemberAvatar name={entry.displayName} src={entry.avatarUrl} className="size-9" />
          <div className="flex min-w-0 flex-col">
            {/* Tags wrap under the name rather than widen the table on a phone. */}
            <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
              <span className="truncate font-semibold">{entry.displayName}</span>
              {mine && <YouTag />}
              {entry.strict && <StrictTag />}
            </span>
            <span className="tabular text-xs text-muted-foreground sm:hidden">
              {formatNumber(entry.checkins)}{' '}
              {entry.checkins === 1 ? msg.leaderboard.checkIn : msg.leaderboard.checkIns} ·{' '}
              {msg.cycleDayLabel(entry.currentDay, entry.started)}
            </span>
          </div>
        </div>
      </td>
      <td className="tabular hidden text-right sm:table-cell">{formatNumber(entry.checkins)}</td>
      {/* A new cycle that has not reached its Day 1 says so (decision 0032). */}
      <td className="tabular hidden text-right sm:table-cell">
        {entry.started ? entry.currentDay : msg.startsTomorrow}
      </td>
      <td className="pr-2 text-right">
        <span className="tabular text-base font-black">{formatPercent(entry.consistency)}</span>
      </td>
    </tr>
  );
}

export function EmptyBoard({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input p-6 text-center">
      <p className="text-sm text-muted-foreground">{text}</p>
      <Button asChild size="sm" className="min-h-11">
        <Link to={pagePath('app-home')}>{msg.common.checkInToday}</Link>
      </Button>
    </div>
  );
}
