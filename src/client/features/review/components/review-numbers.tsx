import {
  Check,
  Droplets,
  Drumstick,
  Flame,
  Footprints,
  Percent,
  Scale,
  Timer,
  Trophy,
} from 'lucide-react';
import type { ReviewNumber, WeeklyReviewView } from '@shared/api-types';
import { formatNumber, formatPercent, formatWeightChange } from '@shared/format';
import { Card } from '@client/components/ui/card';
import { StatGrid } from '@client/components/ui/stat-card';
import { msg } from '@shared/messages';

// The weekly review's numbers (decision 0048): the week's minutes, steps, protein and hydration days
// beside the week before, then streaks, consistency, check-ins, weight and what was reached.

const dayWord = (n: number) => (n === 1 ? 'day' : 'days');

function changeNote(number: ReviewNumber, unit: string, final: boolean): string {
  if (final) return `over the 90 days`;
  if (number.previous === null || number.change === null) return 'your first week';
  const sign = number.change > 0 ? '+' : number.change < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(number.change))} vs ${formatNumber(number.previous)} ${unit} the week before`;
}

/** A number of the week beside the week before (the final review: over the cycle). */
function weekNumber(number: ReviewNumber, unit: string, final: boolean) {
  return { value: formatNumber(number.value), note: changeNote(number, unit, final) };
}

/** The unit of a number counted in days, as the week before reads ("1 day", "3 days"). */
const daysUnit = (number: ReviewNumber) => dayWord(number.previous ?? 0);

/** The week's (the final review: the cycle's) minutes, steps, protein and hydration days. */
export function WeekNumbers({ review }: { review: WeeklyReviewView }) {
  const { final } = review;
  return (
    <section aria-labelledby="numbers-title" className="flex flex-col gap-3">
      <h2 id="numbers-title" className="text-lg font-semibold tracking-tight">
        {final ? msg.reviewNumbers.yourCycleInNumbers : msg.reviewNumbers.yourWeekInNumbers}
      </h2>
      <StatGrid
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
        stats={[
          {
            icon: Timer,
            label: 'Move minutes',
            testId: 'review-minutes',
            ...weekNumber(review.movedMinutes, 'min', final),
          },
          {
            icon: Footprints,
            label: 'Steps',
            testId: 'review-steps',
            ...weekNumber(review.steps, 'steps', final),
          },
          {
            icon: Drumstick,
            label: 'Protein days',
            testId: 'review-protein',
            ...weekNumber(review.proteinDays, daysUnit(review.proteinDays), final),
          },
          {
            icon: Droplets,
            label: 'Hydration days',
            testId: 'review-hydration',
            ...weekNumber(review.hydrationDays, daysUnit(review.hydrationDays), final),
          },
        ]}
      />
    </section>
  );
}

/** Streak, best streak, consistency, check-ins, weight, and the milestones and badges reached. */
export function Streaks({ review }: { review: WeeklyReviewView }) {
  return (
    <section aria-label={msg.reviewNumbers.streaksAndConsistency} className="flex flex-col gap-3">
      <StatGrid
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
        stats={[
          {
            icon: Flame,
            label: 'Streak',
            value: formatNumber(review.currentStreak),
            note: `${dayWord(review.currentStreak)} in a row on day ${review.lastDay}`,
            testId: 'review-streak',
          },
          {
            icon: Trophy,
            label: 'Best so far',
            value: formatNumber(review.bestStreak),
            note: `${dayWord(review.bestStreak)} in a row`,
          },
          {
            icon: Percent,
            label: 'Consistency',
            value: formatPercent(review.consistency),
            note: `check-ins over days 1–${review.lastDay}`,
          },
          {
            icon: Check,
            label: 'Check-ins',
            testId: 'review-checkins',
            value: `${review.checkins.value}/${review.final ? review.lastDay : review.days.length}`,
            note: changeNote(review.checkins, daysUnit(review.checkins), review.final),
          },
          review.weightChangeKg !== null && {
            className: 'col-span-2',
            icon: Scale,
            label: 'Weight this week',
            value: formatWeightChange(review.weightChangeKg, review.unitPref),
            note: 'Only you see this',
          },
        ]}
      />
      {(review.milestones.length > 0 || review.badges.length > 0) && (
        <Card className="flex flex-col gap-2 p-4">
          <h2 className="text-lg font-semibold tracking-tight">
            {review.final
              ? msg.reviewNumbers.reachedInTheLastSix
              : msg.reviewNumbers.reachedThisWeek}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {review.milestones.map((day) => (
              <li key={`m${day}`} className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
                Day {day} milestone
              </li>
            ))}
            {review.badges.map((b) => (
              <li key={b.code} className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
                {b.emoji && <span aria-hidden>{b.emoji} </span>}
                {b.name} badge
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
