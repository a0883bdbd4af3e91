import { Footprints, Timer } from 'lucide-react';
import { formatNumber } from '@shared/format';

/** The day's minutes and steps, and the author's running totals up to that day. */
export function PostStats({
  movedMinutes,
  steps,
  cumulativeMinutes,
  cumulativeSteps,
}: {
  movedMinutes: number;
  steps: number;
  cumulativeMinutes: number;
  cumulativeSteps: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      <div className="flex flex-col gap-0.5 rounded-xl bg-muted px-3 py-2">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Timer aria-hidden className="size-3.5" />
          Moved
        </dt>
        <dd className="tabular text-base font-bold">
          {formatNumber(movedMinutes)} <span className="text-sm font-medium">min</span>
        </dd>
        <dd className="tabular text-xs text-muted-foreground">
          {formatNumber(cumulativeMinutes)} min total
        </dd>
      </div>
      <div className="flex flex-col gap-0.5 rounded-xl bg-muted px-3 py-2">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Footprints aria-hidden className="size-3.5" />
          Steps
        </dt>
        <dd className="tabular text-base font-bold">{formatNumber(steps)}</dd>
        <dd className="tabular text-xs text-muted-foreground">
          {formatNumber(cumulativeSteps)} total
        </dd>
      </div>
    </dl>
  );
}
