import { CalendarCheck, Percent, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { CommunityBoard } from '@shared/api-types';
import { formatNumber, formatPercent } from '@shared/format';
import { Card } from '@client/components/ui/card';

export function CommunityStats({ stats }: { stats: CommunityBoard['stats'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat icon={Users} label="Active members" value={formatNumber(stats.activeMembers)} />
      <Stat icon={CalendarCheck} label="Check-ins" value={formatNumber(stats.totalCheckins)} />
      <Stat
        icon={Percent}
        label="Average consistency"
        value={formatPercent(stats.averageConsistency)}
      />
      <Stat icon={UserCheck} label="Checked in today" value={formatNumber(stats.checkedInToday)} />
    </ul>
  );
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-1 p-4">
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Icon aria-hidden className="size-4 shrink-0" />
          {label}
        </p>
        <p className="tabular text-3xl font-black tracking-tight">{value}</p>
      </Card>
    </li>
  );
}
