import { Trophy } from 'lucide-react';
import { formatNumber, formatPercent } from '@shared/format';
import { msg } from '@shared/messages';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { useCycle } from '../api/get-cycle';
import { StartNewCycle } from './start-new-cycle';

/**
 * Home after day 90 (docs/decisions/0014): the cycle is complete and takes no more check-ins, so
 * instead of a form that can only fail, a summary of the cycle and the way on: Start New Cycle.
 */
export function CycleComplete() {
  const { data } = useCycle();
  const stats = data?.stats;
  return (
    <Card role="region" aria-labelledby="cycle-complete-title">
      <CardHeader className="items-start gap-3">
        <Trophy aria-hidden className="size-8 text-primary" />
        <h2 id="cycle-complete-title" className="text-2xl font-bold tracking-tight">
          {msg.cycleCompleteTitle}
        </h2>
        <p className="text-muted-foreground">{msg.cycleCompleteSummary}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {stats && (
          <dl className="grid grid-cols-3 gap-3">
            <Figure label={msg.common.checkIns} value={formatNumber(stats.checkins)} />
            <Figure label={msg.common.consistency} value={formatPercent(stats.consistency)} />
            <Figure
              label={msg.cycleComplete.longestStreak}
              value={formatNumber(stats.longestStreak)}
            />
          </dl>
        )}
        <div>
          <StartNewCycle prominent />
        </div>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-muted p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="tabular text-2xl font-bold">{value}</dd>
    </div>
  );
}
