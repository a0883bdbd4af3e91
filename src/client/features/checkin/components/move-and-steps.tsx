import type { ReactNode } from 'react';
import { Footprints, Timer } from 'lucide-react';
import type { ActivitySourceView } from '@shared/api-types';
import { formatNumber } from '@shared/format';
import { ActivitySourceNote } from '@client/components/activity-source-note';
import { msg } from '@shared/messages';

/**
 * A check-in's move minutes and steps, large: today's summary and the check-in waiting to send,
 * with where they came from when a connection sent them.
 */
export function MoveAndSteps({
  movedMinutes,
  steps,
  source = null,
}: {
  movedMinutes: number;
  steps: number;
  source?: ActivitySourceView | null;
}) {
  const stats = (
    <dl className="grid grid-cols-2 gap-3">
      <Stat
        icon={<Timer aria-hidden className="size-4" />}
        label={msg.moveAndSteps.move}
        value={formatNumber(movedMinutes)}
        unit="min"
      />
      <Stat
        icon={<Footprints aria-hidden className="size-4" />}
        label={msg.common.steps}
        value={formatNumber(steps)}
        unit="steps"
      />
    </dl>
  );
  if (!source) return stats;
  return (
    <div className="flex flex-col gap-2">
      {stats}
      <ActivitySourceNote source={source} />
    </div>
  );
}

function Stat({
  icon,
  label,
  value,
  unit,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  unit: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-muted/60 p-4">
      <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="flex flex-wrap items-baseline gap-x-1">
        <span className="tabular text-3xl font-black tracking-tight">{value}</span>
        <span className="text-sm text-muted-foreground">{unit}</span>
      </dd>
    </div>
  );
}
