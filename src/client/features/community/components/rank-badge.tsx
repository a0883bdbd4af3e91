import { cn } from '@client/lib/cn';

const PODIUM = ['🥇', '🥈', '🥉'];

/** The rank as a number, with a medal beside it for the top three. */
export function RankBadge({ rank }: { rank: number }) {
  const medal = PODIUM[rank - 1];
  return (
    <span className="flex w-10 shrink-0 items-center gap-0.5">
      <span
        className={cn(
          'tabular text-sm font-bold',
          rank <= 3 ? 'text-foreground' : 'text-muted-foreground',
        )}
      >
        {rank}
      </span>
      {medal && (
        <span aria-hidden className="text-base leading-none">
          {medal}
        </span>
      )}
    </span>
  );
}
