import { formatNumber } from '@shared/format';
import type { WeeklyReviewView } from '@shared/api-types';

/** The numbers of a week as one short caption (a shared week's post, the e-mail's stat line). */
export function reviewCaption(review: WeeklyReviewView): string {
  const span = review.final ? 'My 90 days' : `Week ${review.week} of my 90 days`;
  const days = review.final ? review.lastDay : review.days.length;
  return [
    `${span}: ${review.checkins.value}/${days} days checked in`,
    `${formatNumber(review.movedMinutes.value)} move minutes`,
    `${formatNumber(review.steps.value)} steps`,
    `protein ${review.proteinDays.value} days, hydration ${review.hydrationDays.value} days`,
    `streak ${review.currentStreak} (best ${review.bestStreak})`,
  ].join(' · ');
}
