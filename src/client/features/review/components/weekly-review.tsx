import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReviewDayView, ReviewPhotoView, WeeklyReviewView } from '@shared/api-types';
import { formatWeekday, formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { MediaGallery } from '@client/components/media-gallery/media-gallery';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { dayName, StatusMark } from '@client/components/day-mark';
import { Streaks, WeekNumbers } from './review-numbers';
import { ShareWeekDialog } from './share-week-dialog';
import { pagePath } from '@shared/pages';

// The weekly review screen (decision 0048): the seven days, the week's numbers beside the week
// before, streaks, journal lines, photos and then-and-now. Numbers in en-US, weight in the member's
// units. The final review adds the 90-day calendar, passed in by the route.

const reviewPath = (cycle: string, week: number) => pagePath('app-review-week', { cycle, week });

export function WeeklyReview({
  review,
  calendar,
}: {
  review: WeeklyReviewView;
  /** The final review's 90-day calendar (the cycle feature's, composed by the route). */
  calendar?: ReactNode;
}) {
  const title = review.final
    ? msg.reviewPage.yourNinetyDays
    : msg.reviewPage.weekTitle(review.week);
  const span = review.final
    ? msg.weeklyReview.finalSpan(review.cycleNumber)
    : msg.weeklyReview.weekSpan({
        cycle: review.cycleNumber,
        first: review.firstDay,
        last: review.lastDay,
        from: formatWeekdayDate(review.firstDate),
        to: formatWeekdayDate(review.lastDate),
      });
  return (
    <article className="flex flex-col gap-6" aria-labelledby="review-title">
      <header className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="review-title" className="text-3xl font-black tracking-tight sm:text-4xl">
            {title}
          </h1>
          <p className="text-muted-foreground">{span}</p>
        </div>
        <nav aria-label={msg.weeklyReview.otherWeeks} className="flex flex-wrap gap-2">
          {review.previousWeek && (
            <Link
              className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-border px-3 text-sm font-semibold hover:bg-muted"
              to={reviewPath(review.cycleId, review.previousWeek)}
            >
              <ArrowLeft aria-hidden className="size-4" />
              {msg.weeklyReview.weekN(review.previousWeek)}
            </Link>
          )}
          {review.nextWeek && (
            <Link
              className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-border px-3 text-sm font-semibold hover:bg-muted"
              to={reviewPath(review.cycleId, review.nextWeek)}
            >
              {msg.weeklyReview.weekN(review.nextWeek)}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          )}
          <ShareWeekDialog review={review} />
        </nav>
      </header>

      <WeekStrip review={review} />
      <WeekNumbers review={review} />
      <Streaks review={review} />
      {calendar}
      <Journal review={review} />
      {review.thenAndNow && <ThenAndNow {...review.thenAndNow} />}
      <Photos photos={review.photos} final={review.final} />
    </article>
  );
}

/** My Cycle's marks (decision 0098): a rest day and a missed day forgiven have their own. */
const STRIP_STYLES: Record<ReviewDayView['status'], string> = {
  done: 'bg-primary text-primary-foreground',
  missed: 'bg-muted text-muted-foreground',
  rest: 'bg-secondary text-secondary-foreground',
  grace: 'border-2 border-primary bg-card text-foreground',
};

function WeekStrip({ review }: { review: WeeklyReviewView }) {
  return (
    <Card className="p-4 sm:p-5">
      <CardTitle className="mb-3">
        {review.final ? msg.weeklyReview.theLastSixDays : msg.weeklyReview.yourSevenDays}
      </CardTitle>
      <ol
        aria-label={msg.weeklyReview.daysOfTheWeek}
        className={cn('grid gap-1.5', review.days.length === 7 ? 'grid-cols-7' : 'grid-cols-6')}
      >
        {review.days.map((d) => (
          <li
            key={d.day}
            data-status={d.status}
            className={cn(
              'flex flex-col items-center gap-1 rounded-xl px-0.5 py-2 text-center',
              STRIP_STYLES[d.status],
            )}
          >
            <span className="text-xs font-medium">{formatWeekday(d.date)}</span>
            <span className="tabular text-base font-black leading-none">{d.day}</span>
            <StatusMark status={d.status} />
            <span className="sr-only">
              {d.status === 'done' || d.status === 'missed'
                ? msg.weeklyReview.dayStatus(d.day, formatWeekdayDate(d.date), d.status)
                : dayName(d)}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Journal({ review }: { review: WeeklyReviewView }) {
  const lines = review.days.filter((d) => d.journalLine);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <CardTitle>{msg.journalLabel}</CardTitle>
      {lines.length === 0 ? (
        <p className="text-muted-foreground">{msg.weeklyReview.noJournalLinesThisWeek}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {lines.map((d) => (
            <li key={d.day} className="flex gap-3">
              <span className="tabular w-14 shrink-0 text-sm font-semibold text-muted-foreground">
                {msg.dayN(d.day)}
              </span>
              <span className="min-w-0 break-words">{d.journalLine}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Photo({
  photo,
  label,
  eager = false,
}: {
  photo: ReviewPhotoView;
  label: string;
  eager?: boolean;
}) {
  return (
    <img
      src={photo.media.thumbUrl ?? photo.media.url}
      alt={label}
      width={320}
      height={320}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-square w-full rounded-xl border border-border bg-muted object-cover"
    />
  );
}

function ThenAndNow({ then, now }: { then: ReviewPhotoView; now: ReviewPhotoView }) {
  const sides = [
    { side: 'then', photo: then },
    { side: 'now', photo: now },
  ] as const;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <CardTitle>{msg.weeklyReview.thenAndNow}</CardTitle>
      <div className="grid max-w-xl grid-cols-2 gap-3">
        {sides.map(({ side, photo }) => (
          <figure key={side} className="flex flex-col gap-1">
            <Photo photo={photo} label={msg.weeklyReview.proofPhotoFromDay(photo.day)} />
            <figcaption className="text-sm font-semibold">
              {msg.weeklyReview.thenNow(side, photo.day)}
            </figcaption>
          </figure>
        ))}
      </div>
    </Card>
  );
}

function Photos({ photos, final }: { photos: ReviewPhotoView[]; final: boolean }) {
  if (photos.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <CardTitle>
        {final ? msg.weeklyReview.photosOfTheLastDays : msg.weeklyReview.photosOfTheWeek}
      </CardTitle>
      <MediaGallery
        layout="dense"
        media={photos.map((p) => ({ ...p.media, from: msg.dayN(p.day) }))}
      />
    </Card>
  );
}
