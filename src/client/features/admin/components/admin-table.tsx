import type { ReactNode } from 'react';
import { formatDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';

/** A plain data table that scrolls sideways on a phone instead of squeezing its columns. */
export function AdminTable({
  columns,
  children,
  label,
}: {
  columns: string[];
  children: ReactNode;
  label: string;
}) {
  return (
    // A wide table scrolls inside this box: it takes focus (and is named) so the keyboard can
    // scroll it too (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="rounded-xl border border-border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:overflow-x-auto"
    >
      {/* On phones each row is a card: the header hides and every cell shows its column's name. */}
      <table className="w-full text-left text-sm max-md:block md:min-w-[40rem]" aria-label={label}>
        <thead className="border-b border-border bg-muted/50 text-muted-foreground max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border max-md:block [&>tr]:max-md:block [&>tr]:max-md:px-3 [&>tr]:max-md:py-2">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** One cell; `label` is its column's name, shown beside the value on phones. */
export function Cell({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label: string;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-2 align-middle max-md:flex max-md:max-w-none max-md:items-center max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
        className,
      )}
    >
      {children}
    </td>
  );
}

const tones = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  accent: 'bg-primary/15 text-foreground',
  neutral: 'bg-muted text-muted-foreground',
} as const;

export function Pill({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/**
 * A date and time that may wrap onto two lines (date, then time) in a narrow column, never
 * inside the date or the time.
 */
export function WhenText({ iso }: { iso: string }) {
  const [date, time] = splitDateTime(formatDateTime(iso));
  return (
    <span>
      <span className="whitespace-nowrap">{date}</span>{' '}
      <span className="whitespace-nowrap">{time}</span>
    </span>
  );
}

/** 'Nov 25, 2026 15:41' as its date and its time. */
function splitDateTime(text: string): [string, string] {
  const at = text.lastIndexOf(' ');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** Loading, failed and empty states of a list, in one place. */
export function ListState({
  isLoading,
  error,
  empty,
  errorText,
  emptyText,
}: {
  isLoading: boolean;
  error: unknown;
  empty: boolean;
  errorText: string;
  emptyText: string;
}) {
  if (isLoading) return <p className="py-6 text-center text-muted-foreground">{msg.loading}</p>;
  if (error)
    return (
      <p role="alert" className="py-6 text-center text-danger">
        {errorText}
      </p>
    );
  if (empty) return <p className="py-6 text-center text-muted-foreground">{emptyText}</p>;
  return null;
}
