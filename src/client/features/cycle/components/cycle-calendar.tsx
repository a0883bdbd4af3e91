import { Check, HeartHandshake, Moon, Pause, X } from 'lucide-react';
import type { CycleDayStatus, MyCycleView } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

type CycleDay = MyCycleView['days'][number];

export const DAY_STATUS_LABELS = msg.dayMarkLabels satisfies Record<CycleDayStatus, string>;

const CELL_STYLES: Record<CycleDayStatus, string> = {
  done: 'bg-primary text-primary-foreground font-bold',
  missed: 'bg-muted text-muted-foreground',
  today: 'bg-background text-foreground font-black ring-2 ring-ring ring-offset-2 ring-offset-card',
  upcoming: 'border border-dashed border-input text-muted-foreground',
  // Forgiving streaks (decision 0098): each has its own mark as well as its colour.
  rest: 'bg-secondary text-secondary-foreground',
  grace: 'border-2 border-primary bg-card text-foreground font-bold',
  // Paused days are dimmed: they are no days of the cycle.
  paused: 'border border-dashed border-input bg-muted/40 text-muted-foreground',
};

function StatusMark({ status }: { status: CycleDayStatus }) {
  const size = 'size-3 sm:size-3.5';
  if (status === 'done') return <Check aria-hidden className={size} strokeWidth={3} />;
  if (status === 'missed') return <X aria-hidden className={size} strokeWidth={2.5} />;
  if (status === 'rest') return <Moon aria-hidden className={size} strokeWidth={2.5} />;
  if (status === 'grace') return <HeartHandshake aria-hidden className={size} strokeWidth={2.5} />;
  if (status === 'paused') return <Pause aria-hidden className={size} strokeWidth={2.5} />;
  if (status === 'today')
    return <span aria-hidden className="size-1.5 rounded-full bg-current sm:size-2" />;
  return null;
}

/**
 * A day's accessible name. The first four keep the form "Day 5, Sun, Mar 1: Checked in"; the marks
 * of forgiving streaks read as the issue names them: "Day 11, grace day, forgiven", "Wed, Dec 3, paused".
 */
export function dayName(d: Pick<CycleDay, 'day' | 'date' | 'status'>): string {
  const date = formatWeekdayDate(d.date);
  const label = DAY_STATUS_LABELS[d.status];
  if (d.day !== null && ['done', 'missed', 'today', 'upcoming'].includes(d.status))
    return `Day ${d.day}, ${date}: ${label}`;
  return msg.dayMarkName(d.day, date, label);
}

/** All 90 days (and the paused dates between them) at a glance. Each state has its own mark. */
export function CycleCalendar({ days, currentDay }: { days: CycleDay[]; currentDay: number }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>90-day calendar</CardTitle>
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
