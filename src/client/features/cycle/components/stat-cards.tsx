import { CalendarCheck, Flame, Footprints, Percent, Scale, Timer, Trophy } from 'lucide-react';
import type { MyCycleView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatNumber, formatPercent, formatWeightChange } from '@shared/format';
import { msg } from '@shared/messages';
import { StatGrid } from '@client/components/ui/stat-card';

const daysWord = (n: number) => (n === 1 ? 'day' : 'days');

export function StatCards({
  stats,
  day,
  started,
  weight,
  unitPref,
}: {
  stats: MyCycleView['stats'];
  day: number;
  /** False while a new cycle waits for its Day 1 (decision 0032): no days so far. */
  started: boolean;
  weight: MyCycleView['weight'];
  unitPref: UnitPref;
}) {
  const inARow = (n: number) => `${daysWord(n)} in a row`;
  return (
    <StatGrid
      className="grid grid-cols-2 gap-3 md:grid-cols-3"
      stats={[
        {
          icon: CalendarCheck,
          label: 'Check-ins',
          value: formatNumber(stats.checkins),
          note: started ? `of ${day} ${daysWord(day)} so far` : msg.startsTomorrow,
        },
        {
          icon: Percent,
          label: 'Consistency',
          value: formatPercent(stats.consistency),
          note: 'check-ins ÷ days',
        },
        {
          icon: Flame,
          label: 'Current streak',
          value: formatNumber(stats.currentStreak),
          note: inARow(stats.currentStreak),
        },
        {
          icon: Trophy,
          label: 'Longest streak',
          value: formatNumber(stats.longestStreak),
          note: inARow(stats.longestStreak),
        },
        {
          icon: Timer,
          label: 'Total minutes',
          value: formatNumber(stats.totalMinutes),
          note: 'minutes moved',
        },
        {
          icon: Footprints,
          label: 'Total steps',
          value: formatNumber(stats.totalSteps),
          note: 'steps walked',
        },
        weight.changeKg !== null && {
          className: 'col-span-2 md:col-span-3',
          icon: Scale,
          label: 'Weight since Day 1',
          value: formatWeightChange(weight.changeKg, unitPref),
          note: weight.shared ? 'Shared with the community on your posts' : 'Only you see this',
        },
      ]}
    />
  );
}
