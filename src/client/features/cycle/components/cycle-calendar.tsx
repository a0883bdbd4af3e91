import { Check, X } from 'lucide-react';
import type { CycleDayStatus, MyCycleView } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

type CycleDay = MyCycleView['days'][number];

export const DAY_STATUS_LABELS = {
  done: 'Checked in',
  missed: 'Missed',
  today: 'Today',
  upcoming: 'Upcoming',
} as const satisfies Record<CycleDayStatus, string>;

const CELL_STYLES: Record<CycleDayStatus, string> = {
  done: 'bg-primary text-primary-foreground font-bold',
  missed: 'bg-muted text-muted-foreground',
  today: 'bg-background text-foreground font-black ring-2 ring-ring ring-offset-2 ring-offset-card',
  upcoming: 'border border-dashed border-input text-muted-foreground',
};

function StatusMark({ status }: { status: CycleDayStatus }) {
  if (status === 'done')
    return <Check aria-hidden className="size-3 sm:size-3.5" strokeWidth={3} />;
  if (status === 'missed')
    return <X aria-hidden className="size-3 sm:size-3.5" strokeWidth={2.5} />;
  if (status === 'today')
    return <span aria-hidden className="size-1.5 rounded-full bg-current sm:size-2" />;
  return null;
}

/** All 90 days at a glance. Each state has its own mark as well as its colour. */
export function CycleCalendar({ days, currentDay }: { days: CycleDay[]; currentDay: number }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>90-day calendar</CardTitle>
      <ol className="grid grid-cols-7 gap-1.5 sm:grid-cols-10 lg:grid-cols-15">
        {days.map((d) => {
          const date = formatWeekdayDate(d.date);
          return (
            <li
              key={d.day}
              title={`Day ${d.day} · ${date} · ${DAY_STATUS_LABELS[d.status]}`}
              className={cn(
                'flex aspect-square flex-col items-center justify-center gap-0.5 rounded-lg text-xs sm:text-sm',
                CELL_STYLES[d.status],
                d.day === currentDay && 'ring-2 ring-ring ring-offset-2 ring-offset-card',
              )}
            >
              <span className="sr-only">{`Day ${d.day}, ${date}: ${DAY_STATUS_LABELS[d.status]}`}</span>
              <span aria-hidden className="tabular leading-none">
                {d.day}
              </span>
              <StatusMark status={d.status} />
            </li>
          );
        })}
      </ol>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label="Legend">
        {/* Only the marks on the calendar: a finished cycle (the final review's) has no today. */}
        {(Object.keys(DAY_STATUS_LABELS) as CycleDayStatus[])
          .filter((status) => days.some((d) => d.status === status))
          .map((status) => (
            <li key={status} className="flex items-center gap-2">
              <span
                aria-hidden
                className={cn(
                  'flex size-6 items-center justify-center rounded-md',
                  CELL_STYLES[status],
                )}
              >
                <StatusMark status={status} />
              </span>
              {DAY_STATUS_LABELS[status]}
            </li>
          ))}
      </ul>
    </Card>
  );
}
