import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

/** One labelled number of a stats grid: its icon, label, value and an optional note. */
export interface Stat {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string;
  className?: string;
  testId?: string;
}

/** One number in a card with its icon, label and an optional note: a list item of a stats grid. */
export function StatCard({ icon: Icon, label, value, note, className, testId }: Stat) {
  return (
    <li className={className} data-testid={testId}>
      <Card className="flex h-full flex-col gap-1 p-4">
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Icon aria-hidden className="size-4 shrink-0" />
          {label}
        </p>
        <p className="tabular text-3xl font-black tracking-tight">{value}</p>
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
      </Card>
    </li>
  );
}

/**
 * A grid of stat cards in the order given; a `false` entry is a number not shown (a weight change
 * before there is one). Each label is the card's key, so labels are unique within a grid.
 */
export function StatGrid({ stats, className }: { stats: (Stat | false)[]; className: string }) {
  return (
    <ul className={className}>
      {stats.map((stat) => stat && <StatCard key={stat.label} {...stat} />)}
    </ul>
  );
}
