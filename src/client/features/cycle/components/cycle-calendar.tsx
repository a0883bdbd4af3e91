import type { CycleDayStatus, MyCycleView } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { Card, CardTitle } from '@client/components/ui/card';
import { CELL_STYLES, DAY_STATUS_LABELS, dayName, StatusMark } from '@client/components/day-mark';
import { cn } from '@client/lib/cn';
import { msg } from '@shared/messages';

type CycleDay = MyCycleView['days'][number];

/** All 90 days (and the paused dates between them) at a glance. Each state has its own mark. */
export function CycleCalendar({ days, currentDay }: { days: CycleDay[]; currentDay: number }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>{msg.cycleCalendar.n90DayCalendar}</CardTitle>
      <ol className="grid grid-cols-7 gap-1.5 sm:grid-cols-10 lg:grid-cols-15">
        {days.map((d) => (
          <li
            key={d.date}
            title={`${d.day === null ? '' : `Day ${d.day} · `}${formatWeekdayDate(d.date)} · ${DAY_STATUS_LABELS[d.status]}`}
            className={cn(
              'flex aspect-square flex-col items-center justify-center gap-0.5 rounded-lg text-xs sm:text-sm',
              CELL_STYLES[d.status],
              d.day !== null &&
                d.day === currentDay &&
                'ring-2 ring-ring ring-offset-2 ring-offset-card',
            )}
          >
            <span className="sr-only">{dayName(d)}</span>
            <span aria-hidden className="tabular leading-none">
              {d.day ?? ''}
            </span>
            <StatusMark status={d.status} />
          </li>
        ))}
      </ol>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={msg.cycleCalendar.legend}>
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
