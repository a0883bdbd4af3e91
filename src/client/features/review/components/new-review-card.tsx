import { Link } from 'react-router';
import { ArrowRight, CalendarRange } from 'lucide-react';
import type { CycleView } from '@shared/api-types';
import { REVIEW_NEW_DAYS } from '@shared/constants';
import { newReviewWeek } from '@shared/domain/review-weeks';
import { Card } from '@client/components/ui/card';
import { pagePath } from '@shared/pages';
import { msg } from '@shared/messages';

/**
 * Home's card while this week's review is new (its first days open): worked out from the cycle's
 * dates alone, so the server-rendered home and the app draw the same card, with no request.
 */
export function NewReviewCard({ cycle }: { cycle: CycleView }) {
  const week = cycle.started
    ? newReviewWeek(cycle.startDate, cycle.today, REVIEW_NEW_DAYS, cycle.pausedDates)
    : 0;
  if (week === 0) return null;
  const final = week === 13;
  return (
    <Card className="mt-5 p-4">
      <Link
        to={pagePath('app-review')}
        className="flex min-h-11 items-center gap-3 rounded-lg font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CalendarRange aria-hidden className="size-6 shrink-0 text-accent-text" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span>
            {final
              ? msg.newReviewCard.your90DayReviewIs
              : msg.newReviewCard.yourWeekReviewIsReady(week)}
          </span>
          <span className="text-sm font-normal text-muted-foreground">
            {msg.newReviewCard.seeHowYourWeekAdded}
          </span>
        </span>
        <ArrowRight aria-hidden className="size-5 shrink-0" />
      </Link>
    </Card>
  );
}
