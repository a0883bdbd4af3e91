import type { MyCycleView } from '@shared/api-types';
import { MILESTONE_DAYS } from '@shared/constants';
import { formatDate, formatNumber, formatPercent, formatTimeZone } from '@shared/format';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import { ProgressBar } from '@client/components/ui/progress-bar';

/**
 * The biggest thing on the screen: which day it is (or that a new cycle starts tomorrow), and how
 * far through the 90 days that is.
 */
export function DayHero({ cycle }: { cycle: MyCycleView['cycle'] }) {
  // A cycle that starts tomorrow (decision 0032) has all its days to go, and no day yet.
  const daysDone = cycle.started ? cycle.day : 0;
  const percent = Math.round((daysDone / cycle.totalDays) * 100);
  const daysLeft = cycle.totalDays - daysDone;
  return (
    <Card className="overflow-hidden p-5 sm:p-8" data-testid="day-hero">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {msg.dayHero.currentDay}
          </p>
          {cycle.started ? (
            <p className="flex items-baseline gap-3">
              <span className="tabular text-7xl leading-none font-black tracking-tight sm:text-8xl">
                {cycle.day}
              </span>
              <span className="tabular text-2xl font-bold text-muted-foreground">
                / {cycle.totalDays}
              </span>
            </p>
          ) : (
            <p className="mt-1 text-4xl leading-tight font-black tracking-tight sm:text-5xl">
              {msg.startsTomorrow}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:text-right">
          <dt className="text-muted-foreground">
            {cycle.started ? msg.dayHero.started : msg.dayHero.starts}
          </dt>
          <dd className="tabular font-semibold">{formatDate(cycle.startDate)}</dd>
          <dt className="text-muted-foreground">{msg.dayHero.daysToGo}</dt>
          <dd className="tabular font-semibold">{formatNumber(daysLeft)}</dd>
          <dt className="text-muted-foreground">{msg.common.timeZone}</dt>
          <dd className="font-semibold">{formatTimeZone(cycle.timeZone)}</dd>
        </dl>
      </div>

      <div className="mt-6 flex flex-col gap-2">
        <div className="flex justify-between text-sm">
          <span id="cycle-progress-label" className="font-semibold">
            {msg.dayHero.n90DayProgress}
          </span>
          <span className="tabular font-semibold">{formatPercent(percent)}</span>
        </div>
        <ProgressBar
          value={daysDone}
          max={cycle.totalDays}
          percent={percent}
          labelledBy="cycle-progress-label"
          valueText={cycle.started ? `Day ${cycle.day} of ${cycle.totalDays}` : msg.startsTomorrow}
          className="relative h-4 bg-muted"
          fillClassName="duration-500"
        >
          {MILESTONE_DAYS.slice(0, -1).map((day) => (
            <span
              key={day}
              aria-hidden
              className="absolute inset-y-0 w-0.5 bg-background/80"
              style={{ left: `${(day / cycle.totalDays) * 100}%` }}
            />
          ))}
        </ProgressBar>
        <div aria-hidden className="relative h-4 text-xs text-muted-foreground">
          {MILESTONE_DAYS.map((day) => (
            <span
              key={day}
              className="tabular absolute -translate-x-1/2 last:translate-x-[-100%]"
              style={{ left: `${(day / cycle.totalDays) * 100}%` }}
            >
              {day}
            </span>
          ))}
        </div>
      </div>
    </Card>
  );
}
