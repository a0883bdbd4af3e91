import { Link } from 'react-router';
import { ChevronRight, Lock } from 'lucide-react';
import type { CycleView } from '@shared/api-types';
import { REVIEW_WEEKS } from '@shared/constants';
import { newestOpenWeek, reviewOpensOn } from '@shared/domain/review-weeks';
import { formatMonthDay } from '@shared/format';
import { Card, CardTitle } from '@client/components/ui/card';
import { useReviewWeeks } from '../api/get-review-weeks';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

interface WeekRow {
  week: number;
  opensOn: string;
  open: boolean;
}

/** The 13 weeks of the cycle on its dates alone: the server-rendered My Cycle draws them too. */
function weeksOf(cycle: CycleView): WeekRow[] {
  // Paused dates are no days of the cycle: a week opens when its seven days have ended (0099).
  const open = cycle.started ? newestOpenWeek(cycle.startDate, cycle.today, cycle.pausedDates) : 0;
  return Array.from({ length: REVIEW_WEEKS }, (_, i) => ({
    week: i + 1,
    opensOn: reviewOpensOn(cycle.startDate, i + 1, cycle.pausedDates),
    open: i + 1 <= open,
  }));
}

function WeekRows({ cycleId, weeks }: { cycleId: string; weeks: WeekRow[] }) {
  return (
    <ul className="divide-y divide-border">
      {weeks.map((w) => (
        <li key={w.week}>
          {w.open ? (
            <Link
              to={pagePath('app-review-week', { cycle: cycleId, week: w.week })}
              className="flex min-h-11 items-center justify-between gap-3 py-1 font-semibold hover:underline"
            >
              {w.week === REVIEW_WEEKS
                ? msg.reviewWeeksList.wholeCycle(w.week)
                : msg.weeklyReview.weekN(w.week)}
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <p className="flex min-h-11 items-center justify-between gap-3 py-1 text-muted-foreground">
              <span>{msg.weeklyReview.weekN(w.week)}</span>
              <span className="flex items-center gap-1 text-sm">
                <Lock aria-hidden className="size-3.5" />
                {msg.reviewWeeksList.opens(formatMonthDay(w.opensOn))}
              </span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** My Cycle's weekly reviews: a row per week of this cycle, then earlier cycles' reviews. */
export function ReviewWeeksList({ cycle }: { cycle: CycleView }) {
  const earlier = useReviewWeeks().data?.cycles.filter(
    (c) => !c.active && c.weeks.some((w) => w.open),
  );
  return (
    <Card className="flex flex-col gap-3 p-5">
      <CardTitle>{msg.reviewWeeksList.weeklyReviews}</CardTitle>
      <WeekRows cycleId={cycle.id} weeks={weeksOf(cycle)} />
      {earlier?.map((c) => (
        <section key={c.cycleId} aria-labelledby={`cycle-${c.cycleId}`}>
          <h3
            id={`cycle-${c.cycleId}`}
            className="mt-2 mb-1 text-sm font-semibold text-muted-foreground"
          >
            {msg.reviewWeeksList.earlierCycle(c.cycleNumber, formatMonthDay(c.startDate))}
          </h3>
          <WeekRows cycleId={c.cycleId} weeks={c.weeks.filter((w) => w.open)} />
        </section>
      ))}
    </Card>
  );
}
