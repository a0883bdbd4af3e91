import { Smartphone } from 'lucide-react';
import type { ActivitySourceView } from '@shared/api-types';
import { formatTime } from '@shared/format';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { useMemberTimeZone } from '@client/lib/member-time-zone';

/**
 * "Steps and minutes from Apple Health, 7:42 PM": where a day's numbers came from when a connection
 * sent them (decision 0045), at the time they arrived, in the member's zone.
 */
export function ActivitySourceNote({
  source,
  lead = msg.activityFromLead,
  className,
}: {
  source: ActivitySourceView;
  lead?: string;
  className?: string;
}) {
  const timeZone = useMemberTimeZone();
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}>
      <Smartphone aria-hidden className="size-3.5 shrink-0" />
      <span>
        {lead} {msg.connectionFrom(source.source, formatTime(source.at, timeZone))}
      </span>
    </p>
  );
}
