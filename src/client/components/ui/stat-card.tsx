import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

/** One number in a card with its icon, label and an optional note: a list item of a stats grid. */
export function StatCard({
  icon: Icon,
  label,
  value,
  note,
  className,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string;
  className?: string;
  testId?: string;
}) {
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
