import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { CycleView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { msg } from '@shared/messages';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useCycle } from '../api/get-cycle';
import { ActivityChart } from './activity-chart';
import { CycleCalendar } from './cycle-calendar';
import { DayHero } from './day-hero';
import { CycleStartsTomorrow } from './cycle-starts-tomorrow';
import { InsightCard } from './insight-card';
import { MilestoneList } from './milestone-list';
import { StartNewCycle } from './start-new-cycle';
import { StatCards } from './stat-cards';

/**
 * `unitPref`: the member's units, for their weight change since Day 1. `belowHero`: what the route
 * puts under the day (the streak panel of issue 43), given the cycle.
 */
export function MyCycleScreen({
  unitPref,
  belowHero,
}: {
  unitPref: UnitPref;
  belowHero?: (cycle: CycleView) => ReactNode;
}) {
  const query = useCycle();
  const { refetch } = query;
  // The screen's first render with its data is deferred, so React renders it in slices (decision 0029).
  const shown = useDeferredValue(Boolean(query.data));

  useEffect(() => {
    if (!query.isError) {
      toast.dismiss('cycle-error');
      return;
    }
    toast.error(msg.errorLoadingCycle, {
      id: 'cycle-error',
      action: { label: 'Try again', onClick: () => void refetch() },
    });
  }, [query.isError, query.errorUpdatedAt, refetch]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ScreenHeading>{msg.common.myCycle}</ScreenHeading>
        {query.data && <StartNewCycle />}
      </div>
      {query.isError && !query.data ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="font-semibold">{msg.errorLoadingCycle}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {msg.crewCycleTryAgain}
          </Button>
        </Card>
      ) : shown && query.data ? (
        <CycleContent data={query.data} unitPref={unitPref} belowHero={belowHero} />
      ) : (
        <Spinner label={msg.loading} />
      )}
    </div>
  );
}

function CycleContent({
  data,
  unitPref,
  belowHero,
}: {
  data: NonNullable<ReturnType<typeof useCycle>['data']>;
  unitPref: UnitPref;
  belowHero?: (cycle: CycleView) => ReactNode;
}) {
  const { cycle } = data;
  // A cycle that starts tomorrow (decision 0032) has no day behind it yet.
  const daysSoFar = cycle.started ? cycle.day : 0;
  // The server says which day is "today"; none is when today is done or the cycle is complete.
  const today = data.days.some((d) => d.status === 'today')
    ? 'open'
    : cycle.complete
      ? 'complete'
      : 'done';
  return (
    <>
      <DayHero cycle={cycle} />
      {belowHero?.(cycle)}
      {cycle.started ? (
        <InsightCard level={data.insight} consistency={data.stats.consistency} today={today} />
      ) : (
        <CycleStartsTomorrow startDate={cycle.startDate} />
      )}
      <StatCards
        stats={data.stats}
        day={cycle.day}
        started={cycle.started}
        weight={data.weight}
        unitPref={unitPref}
      />
      {/* Below the fold on a phone: laid out and painted when scrolled near (decision 0029). */}
      <div className="[contain-intrinsic-size:auto_22rem] [content-visibility:auto]">
        <ActivityChart days={data.days} currentDay={daysSoFar} />
      </div>
      {/* A complete cycle (past day 90) has no "today" to ring. */}
      <div className="[contain-intrinsic-size:auto_34rem] [content-visibility:auto]">
        <CycleCalendar
          days={data.days}
          currentDay={cycle.complete || !cycle.started ? 0 : cycle.day}
        />
      </div>
      <div className="[contain-intrinsic-size:auto_24rem] [content-visibility:auto]">
        <MilestoneList milestones={data.milestones} day={daysSoFar} />
      </div>
    </>
  );
}
