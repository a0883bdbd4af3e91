import { Footprints, Scale, Timer } from 'lucide-react';
import type { ActivitySourceView, PostDayStats } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatNumber, formatWeightChange } from '@shared/format';
import { ActivitySourceNote } from '@client/components/activity-source-note';
import { msg } from '@shared/messages';
import { RichText } from '@client/i18n/rich-text';

/**
 * The day's minutes and steps, the author's running totals up to that day, and their weight change
 * since Day 1 when the server sent it (theirs to share), in the reader's units. A post that is no
 * check-in's (a shared week) has no day's numbers, and shows none rather than zeros.
 */
export function PostStats({
  dayStats,
  weightChangeKg,
  unitPref,
  activitySource = null,
}: {
  dayStats: PostDayStats | null;
  weightChangeKg: number | null;
  unitPref: UnitPref;
  /** Where the day's steps and minutes came from, when a connection sent them. */
  activitySource?: ActivitySourceView | null;
}) {
  if (!dayStats && weightChangeKg === null) return null;
  const stats = (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      {dayStats && (
        <>
          <div className="flex flex-col gap-0.5 rounded-xl bg-muted px-3 py-2">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Timer aria-hidden className="size-3.5" />
              {msg.postStats.moved}
            </dt>
            <dd className="tabular text-base font-bold">
              <RichText
                text={msg.postStats.minutes(formatNumber(dayStats.movedMinutes))}
                tags={{ unit: (chunks) => <span className="text-sm font-medium">{chunks}</span> }}
              />
            </dd>
            <dd className="tabular text-xs text-muted-foreground">
              {msg.postStats.minutesTotal(formatNumber(dayStats.cumulativeMinutes))}
            </dd>
          </div>
          <div className="flex flex-col gap-0.5 rounded-xl bg-muted px-3 py-2">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Footprints aria-hidden className="size-3.5" />
              {msg.common.steps}
            </dt>
            <dd className="tabular text-base font-bold">{formatNumber(dayStats.steps)}</dd>
            <dd className="tabular text-xs text-muted-foreground">
              {msg.postStats.stepsTotal(formatNumber(dayStats.cumulativeSteps))}
            </dd>
          </div>
        </>
      )}
      {weightChangeKg !== null && (
        <div className="col-span-2 flex items-center justify-between gap-2 rounded-xl bg-muted px-3 py-2">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Scale aria-hidden className="size-3.5" />
            {msg.postStats.weightSinceDay1}
          </dt>
          <dd className="tabular text-base font-bold">
            {formatWeightChange(weightChangeKg, unitPref)}
          </dd>
        </div>
      )}
    </dl>
  );
  if (!activitySource) return stats;
  return (
    <div className="flex flex-col gap-1.5">
      {stats}
      <ActivitySourceNote source={activitySource} />
    </div>
  );
}
