import { Check, HeartHandshake, Moon, Pause, X } from 'lucide-react';
import type { CycleDayStatus } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';

// A day's mark as My Cycle's calendar and the reviews draw it (decision 0098): each state has its
// own mark and name as well as its colour.

export const DAY_STATUS_LABELS = msg.dayMarkLabels satisfies Record<CycleDayStatus, string>;

export const CELL_STYLES: Record<CycleDayStatus, string> = {
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

export function StatusMark({ status }: { status: CycleDayStatus }) {
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
 * A day's accessible name, a whole phrase per locale: the first four keep the form "Day 5, Sun,
 * Mar 1: Checked in"; the marks of forgiving streaks read as the issue names them: "Day 11, grace
 * day, forgiven", "Wed, Dec 3, paused" (German: "Tag 11, Jokertag, verziehen").
 */
export function dayName(d: { day: number | null; date: string; status: CycleDayStatus }): string {
  return msg.dayMarkNames[d.status](d.day, formatWeekdayDate(d.date));
}
