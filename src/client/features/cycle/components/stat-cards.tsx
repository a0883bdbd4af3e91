import { CalendarCheck, Flame, Footprints, Percent, Scale, Timer, Trophy } from 'lucide-react';
import type { MyCycleView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatNumber, formatPercent, formatWeightChange } from '@shared/format';
import { StatCard } from '@client/components/ui/stat-card';

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
      <StatCard
        icon={CalendarCheck}
        label="Check-ins"
        value={formatNumber(stats.checkins)}
        note={`of ${day} ${daysWord(day)} so far`}
      />
      <StatCard
        icon={Percent}
        label="Consistency"
        value={formatPercent(stats.consistency)}
        note="check-ins ÷ days"
      />
      <StatCard
        icon={Flame}
        label="Current streak"
        value={formatNumber(stats.currentStreak)}
        note={`${daysWord(stats.currentStreak)} in a row`}
      />
      <StatCard
        icon={Trophy}
        label="Longest streak"
        value={formatNumber(stats.longestStreak)}
        note={`${daysWord(stats.longestStreak)} in a row`}
      />
      <StatCard
        icon={Timer}
        label="Total minutes"
        value={formatNumber(stats.totalMinutes)}
        note="minutes moved"
      />
      <StatCard
        icon={Footprints}
        label="Total steps"
        value={formatNumber(stats.totalSteps)}
        note="steps walked"
      />
      {weight.changeKg !== null && (
        <StatCard
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
