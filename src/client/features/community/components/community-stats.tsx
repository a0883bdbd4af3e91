import { CalendarCheck, Percent, UserCheck, Users } from 'lucide-react';
import type { CommunityBoard } from '@shared/api-types';
import { formatNumber, formatPercent } from '@shared/format';
import { StatCard } from '@client/components/ui/stat-card';

export function CommunityStats({ stats }: { stats: CommunityBoard['stats'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={Users} label="Active members" value={formatNumber(stats.activeMembers)} />
      <StatCard icon={CalendarCheck} label="Check-ins" value={formatNumber(stats.totalCheckins)} />
      <StatCard
        icon={Percent}
        label="Average consistency"
        value={formatPercent(stats.averageConsistency)}
      />
      <StatCard
        icon={UserCheck}
        label="Checked in today"
        value={formatNumber(stats.checkedInToday)}
      />
    </ul>
  );
}
