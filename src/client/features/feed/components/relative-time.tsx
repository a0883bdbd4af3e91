import { format, formatDistanceToNow } from 'date-fns';
import { DATE_FORMATS } from '@shared/constants';
import { cn } from '@client/lib/cn';

/** "5 minutes ago", with the exact date and time on hover and in the markup. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time
      dateTime={date.toISOString()}
      title={format(date, DATE_FORMATS.dateTime)}
      className={cn('text-sm text-muted-foreground', className)}
    >
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
