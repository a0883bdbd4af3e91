import {
  CalendarCheck,
  Flame,
  Footprints,
  Percent,
  Scale,
  Timer,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { MyCycleView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatNumber, formatPercent, formatWeightChange } from '@shared/format';
import { Card } from '@client/components/ui/card';

const daysWord = (n: number) => (n === 1 ? 'day' : 'days');

export function StatCards({
  stats,
  day,
  weight,
  unitPref,
}: {
  stats: MyCycleView['stats'];
  day: number;
  weight: MyCycleView['weight'];
  unitPref: UnitPref;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <Stat
        icon={CalendarCheck}
        label="Check-ins"
        value={formatNumber(stats.checkins)}
        note={`of ${day} ${daysWord(day)} so far`}
      />
      <Stat
        icon={Percent}
        label="Consistency"
        value={formatPercent(stats.consistency)}
        note="check-ins ÷ days"
      />
      <Stat
        icon={Flame}
        label="Current streak"
        value={formatNumber(stats.currentStreak)}
        note={`${daysWord(stats.currentStreak)} in a row`}
      />
      <Stat
        icon={Trophy}
        label="Longest streak"
        value={formatNumber(stats.longestStreak)}
        note={`${daysWord(stats.longestStreak)} in a row`}
      />
      <Stat
        icon={Timer}
        label="Total minutes"
        value={formatNumber(stats.totalMinutes)}
        note="minutes moved"
      />
      <Stat
        icon={Footprints}
        label="Total steps"
        value={formatNumber(stats.totalSteps)}
        note="steps walked"
      />
      {weight.changeKg !== null && (
        <Stat
          className="col-span-2 md:col-span-3"
          icon={Scale}
          label="Weight since Day 1"
          value={formatWeightChange(weight.changeKg, unitPref)}
          note={weight.shared ? 'Shared with the community on your posts' : 'Only you see this'}
        />
      )}
    </ul>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  note,
  className,
}: {
  className?: string;
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
}) {
  return (
    <li className={className}>
      <Card className="flex h-full flex-col gap-1 p-4">
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Icon aria-hidden className="size-4 shrink-0" />
          {label}
        </p>
        <p className="tabular text-3xl font-black tracking-tight">{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </Card>
    </li>
  );
}
