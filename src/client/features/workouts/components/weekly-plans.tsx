import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { CalendarDays, ChevronDown, Printer } from 'lucide-react';
import type { WorkoutWeekView } from '@shared/api-types';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Markdown } from '@client/components/ui/markdown';

// Printing shows one plan alone: everything else on the page is hidden while the printed plan
// (marked data-printing) takes the whole sheet, in black on white, tables kept whole per row.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-printing], [data-printing] * { visibility: visible !important; }
  [data-printing] { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; color: #000; background: #fff; }
  [data-printing] [data-print-hide] { display: none !important; }
  [data-printing] tr { break-inside: avoid; }
  [data-printing] h3 { break-after: avoid; }
}`;

/** 'Your Weekly Plans': rows 'Week {n} — {date}', newest first, each opening to its plan. */
export function WeeklyPlans({
  weeks,
  isLoading,
  isError,
  openId,
  onOpenChange,
}: {
  weeks: WorkoutWeekView[] | undefined;
  isLoading: boolean;
  isError: boolean;
  openId: string | null;
  onOpenChange: (id: string | null) => void;
}) {
  return (
    <Card>
      <style href="stackdays-workout-print" precedence="default">
        {PRINT_CSS}
      </style>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-5 text-accent-text" />
          {msg.yourWeeklyPlans}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            {msg.weeklyPlans.loadingYourPlans}
          </p>
        ) : isError ? (
          <p className="text-sm text-danger">{msg.unexpectedError}</p>
        ) : !weeks?.length ? (
          <p className="text-sm text-muted-foreground">{msg.noWorkoutPlans}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {weeks.map((week) => (
              <WeekRow
                key={week.id}
                week={week}
                open={openId === week.id}
                onToggle={() => onOpenChange(openId === week.id ? null : week.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function WeekRow({
  week,
  open,
  onToggle,
}: {
  week: WorkoutWeekView;
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  const [printing, setPrinting] = useState(false);
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span>{msg.workoutWeekRow(week.weekIndex, formatDate(week.generatedAt))}</span>
        <ChevronDown
          aria-hidden
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <section
          id={panelId}
          aria-label={msg.workoutWeekRow(week.weekIndex, formatDate(week.generatedAt))}
          data-printing={printing ? '' : undefined}
          className="flex flex-col gap-4 px-4 pt-1 pb-5"
        >
          <div data-print-hide className="flex justify-end">
            <Button type="button" variant="secondary" size="sm" onClick={print}>
              <Printer aria-hidden className="size-4" />
              {msg.printPlan}
            </Button>
          </div>
          <Markdown tables>{week.planMd}</Markdown>
        </section>
      )}
    </li>
  );
}
