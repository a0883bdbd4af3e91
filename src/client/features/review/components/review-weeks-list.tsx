import { Link } from 'react-router';
import { ChevronRight, Lock } from 'lucide-react';
import { formatMonthDay } from '@shared/format';
import { Card, CardTitle } from '@client/components/ui/card';
import { useReviewWeeks } from '../api/get-review-weeks';

/** My Cycle's weekly reviews: a row per week of the current cycle, then earlier cycles' open weeks. */
export function ReviewWeeksList() {
  const { data } = useReviewWeeks();
  if (!data || data.cycles.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <CardTitle>Weekly reviews</CardTitle>
      {data.cycles.map((cycle) => {
        const weeks = cycle.active ? cycle.weeks : cycle.weeks.filter((w) => w.open);
        if (weeks.length === 0) return null;
        return (
          <section key={cycle.cycleNumber} aria-label={`Cycle ${cycle.cycleNumber}`}>
            {data.cycles.length > 1 && (
              <h3 className="mb-1 text-sm font-semibold text-muted-foreground">
                Cycle {cycle.cycleNumber}
                {cycle.active ? ' (this cycle)' : ''}
              </h3>
            )}
            <ul className="divide-y divide-border">
              {weeks.map((w) => (
                <li key={w.week}>
                  {w.open ? (
                    <Link
                      to={`/app/review/${cycle.cycleNumber}/${w.week}`}
                      className="flex min-h-11 items-center justify-between gap-3 py-1 font-semibold hover:underline"
                    >
                      {w.week === 13 ? 'Week 13 · the whole cycle' : `Week ${w.week}`}
                      <ChevronRight aria-hidden className="size-4" />
                    </Link>
                  ) : (
                    <p className="flex min-h-11 items-center justify-between gap-3 py-1 text-muted-foreground">
                      <span>Week {w.week}</span>
                      <span className="flex items-center gap-1 text-sm">
                        <Lock aria-hidden className="size-3.5" />
                        Opens {formatMonthDay(w.opensOn)}
                      </span>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Card>
  );
}
