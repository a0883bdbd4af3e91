import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { WeeklyReviewView } from '@shared/api-types';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { CycleCalendar } from '@client/features/cycle/components/cycle-calendar';
import {
  reviewQueryOptions,
  useReview,
  type ReviewAddress,
} from '@client/features/review/api/get-review';
import { WeeklyReview } from '@client/features/review/components/weekly-review';
import { memberLoader } from './layout';
import { pagePath } from '@shared/pages';

/** /app/review is rendered on the server with the newest open review (src/shared/pages.ts). */
export const loader = memberLoader((client) => client.fetchQuery(reviewQueryOptions(null)));

/** The final review's 90 days, drawn by My Cycle's calendar. */
function FinalCalendar({ review }: { review: WeeklyReviewView }) {
  if (!review.calendar) return null;
  const days = review.calendar.map((d) => ({ ...d, movedMinutes: 0, steps: 0 }));
  return <CycleCalendar days={days} currentDay={0} />;
}

function address(params: { cycle?: string; week?: string }): ReviewAddress {
  const week = Number(params.week);
  return params.cycle && Number.isInteger(week) && week > 0 ? { cycle: params.cycle, week } : null;
}

/** /app/review (the newest open review) and /app/review/:cycle/:week (decision 0048). */
export function ReviewRoute() {
  const params = useParams();
  const query = useReview(address(params));
  const { refetch } = query;

  useEffect(() => {
    if (query.isError) toast.error(msg.errorLoadingReview, { id: 'review-error' });
  }, [query.isError]);

  const review = query.data?.review;
  const title = review
    ? review.final
      ? msg.common.pageTitle(msg.reviewPage.yourNinetyDays)
      : msg.common.pageTitle(msg.reviewPage.weekTitle(review.week))
    : msg.common.pageTitle(msg.reviewPage.weeklyReview);
  return (
    <>
      <title>{title}</title>
      {query.isError && !query.data ? (
        <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
          <h1 className="text-xl font-bold">{errorMessage(query.error, msg.errorLoadingReview)}</h1>
          <Button variant="secondary" onClick={() => void refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {msg.crewCycleTryAgain}
          </Button>
        </Card>
      ) : review ? (
        <WeeklyReview review={review} calendar={<FinalCalendar review={review} />} />
      ) : query.data ? (
        <Card className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
          <h1 className="text-2xl font-black tracking-tight">{msg.reviewPage.weeklyReview}</h1>
          <p className="text-muted-foreground">{msg.noReviewYet}</p>
          <Button asChild>
            <Link to={pagePath('app-home')}>{msg.reviewPage.goToTodaysCheckIn}</Link>
          </Button>
        </Card>
      ) : (
        <Spinner label={msg.loading} />
      )}
    </>
  );
}
