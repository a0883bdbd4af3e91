import type { ReactNode } from 'react';
import type { CycleView } from '@shared/api-types';
import { formatPercent, formatTimeZone } from '@shared/format';
import { msg } from '@shared/messages';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { cn } from '@client/lib/cn';

/**
 * The hero of the home screen: 'Day N' (or, while a new cycle waits for its Day 1, 'Starts
 * tomorrow'), the programme name and the N/90 bar.
 */
export function CycleProgress({ cycle, action }: { cycle: CycleView; action?: ReactNode }) {
  // A cycle that starts tomorrow (decision 0032) has none of its days behind it yet.
  const daysDone = cycle.started ? cycle.day : 0;
  const percent = Math.min(100, Math.max(0, Math.round((daysDone / cycle.totalDays) * 100)));
  return (
    <section aria-labelledby="cycle-day" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1
          id="cycle-day"
          className={cn(
            'tabular leading-none font-black tracking-tight',
            cycle.started ? 'text-6xl sm:text-7xl' : 'text-5xl',
          )}
        >
          {msg.cycleDayLabel(cycle.day, cycle.started)}
        </h1>
        <p className="text-lg font-medium text-muted-foreground">{msg.myDailyConsistencyJournal}</p>
        <p className="text-sm text-muted-foreground">
          {msg.dayCountedIn(formatTimeZone(cycle.timeZone))}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <span id="cycle-progress-label" className="tabular text-sm font-semibold">
            {msg.daysProgress(daysDone)}
          </span>
          <span className="tabular text-sm text-muted-foreground">{formatPercent(percent)}</span>
        </div>
        <ProgressBar
          value={daysDone}
          max={cycle.totalDays}
          percent={percent}
          minPercent={2}
          labelledBy="cycle-progress-label"
          valueText={msg.daysProgress(daysDone)}
          className="h-3 bg-muted"
          fillClassName="duration-500"
        />
      </div>

      {action}
    </section>
  );
}
