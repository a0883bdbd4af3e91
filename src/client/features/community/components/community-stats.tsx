import { CalendarCheck, Percent, UserCheck, Users } from 'lucide-react';
import type { CommunityBoard } from '@shared/api-types';
import { formatNumber, formatPercent } from '@shared/format';
import { StatGrid } from '@client/components/ui/stat-card';

export function CommunityStats({ stats }: { stats: CommunityBoard['stats'] }) {
  return (
    <StatGrid
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      stats={[
        { icon: Users, label: 'Active members', value: formatNumber(stats.activeMembers) },
        { icon: CalendarCheck, label: 'Check-ins', value: formatNumber(stats.totalCheckins) },
        {
          icon: Percent,
          label: 'Average consistency',
          value: formatPercent(stats.averageConsistency),
        },
        { icon: UserCheck, label: 'Checked in today', value: formatNumber(stats.checkedInToday) },
      ]}
    />
  );
}
