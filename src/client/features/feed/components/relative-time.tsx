import { formatDateTime, formatTimeAgo } from '@shared/format';
import { cn } from '@client/lib/cn';
import { useMemberTimeZone } from '@client/lib/member-time-zone';

/** "5 minutes ago", with the exact date and time on hover and in the markup. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const timeZone = useMemberTimeZone();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time
      dateTime={date.toISOString()}
      title={formatDateTime(date, timeZone)}
      className={cn('text-sm text-muted-foreground', className)}
    >
      {formatTimeAgo(date)}
    </time>
  );
}
