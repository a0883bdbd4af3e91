import { Flame } from 'lucide-react';
import { LONGEST_STREAKS_TOP } from '@shared/constants';
import type { LeaderboardEntry } from '@shared/api-types';
import { msg } from '@shared/messages';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { StrictTag } from '@client/components/strict-tag';
import { cn } from '@client/lib/cn';
import { EmptyBoard } from './leaderboard';
import { RankBadge } from './rank-badge';
import { YouTag } from './you-tag';

/** Top 10 live streaks: consecutive days still running. */
export function LongestStreaks({
  entries,
  viewerId,
}: {
  entries: LeaderboardEntry[];
  viewerId: string;
}) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <CardTitle id="streaks-heading">{msg.longestStreaks}</CardTitle>
        <CardDescription>{msg.longestStreaksCard.topRuns(LONGEST_STREAKS_TOP)}</CardDescription>
      </div>
      {entries.length === 0 ? (
        <EmptyBoard text={msg.emptyStreaks} />
      ) : (
        <ol aria-labelledby="streaks-heading" className="flex flex-col">
          {entries.map((entry, i) => {
            const mine = entry.userId === viewerId;
            return (
              <li
                key={entry.userId}
                aria-current={mine ? 'true' : undefined}
                className={cn(
                  'flex items-center gap-2.5 border-t border-border py-2 pl-1',
                  mine && 'rounded-lg border-transparent bg-primary/15',
                )}
              >
                <RankBadge rank={i + 1} />
                <MemberAvatar name={entry.displayName} src={entry.avatarUrl} className="size-9" />
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
                  <span className="truncate font-semibold">{entry.displayName}</span>
                  {mine && <YouTag />}
                  {entry.strict && <StrictTag />}
                </span>
                <span className="flex shrink-0 items-center gap-1 pr-2">
                  <Flame aria-hidden className="size-4 text-orange-600 dark:text-orange-400" />
                  <span className="tabular text-base font-black">{entry.streak}</span>
                  <span className="text-xs text-muted-foreground">
                    {entry.streak === 1 ? msg.common.day2 : msg.common.days}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
