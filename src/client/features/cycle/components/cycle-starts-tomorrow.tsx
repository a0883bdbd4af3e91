import { CalendarClock } from 'lucide-react';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';

/**
 * A new cycle started on a day already checked in begins tomorrow (decision 0032): said in place of
 * the coach's nudge on My Cycle, and under the day counter on home.
 */
export function CycleStartsTomorrow({ startDate }: { startDate: string }) {
  return (
    <Card role="status" className="flex items-start gap-4 border-l-4 border-accent-text/40 p-5">
      <CalendarClock aria-hidden className="mt-0.5 size-6 shrink-0 text-accent-text" />
      <p className="text-base">{msg.cycleStartsTomorrow(formatDate(startDate))}</p>
    </Card>
  );
}
