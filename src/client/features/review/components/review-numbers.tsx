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

/** What a number of the week counts: its unit in the note ('min', 'steps', or '1 day', '3 days'). */
type Unit = 'minutes' | 'steps' | 'days';

function changeNote(number: ReviewNumber, unit: Unit, final: boolean): string {
  if (final) return msg.reviewNumbers.overTheCycle;
  if (number.previous === null || number.change === null) return msg.reviewNumbers.yourFirstWeek;
  const sign = number.change > 0 ? '+' : number.change < 0 ? '−' : '±';
  // A number counted in days reads as the week before does ("1 day", "3 days").
  return msg.reviewNumbers.change({
    sign,
    change: formatNumber(Math.abs(number.change)),
    previous: formatNumber(number.previous),
    unit,
    count: number.previous,
  });
}

/** A number of the week beside the week before (the final review: over the cycle). */
function weekNumber(number: ReviewNumber, unit: Unit, final: boolean) {
  return { value: formatNumber(number.value), note: changeNote(number, unit, final) };
}

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
            label: msg.reviewNumbers.moveMinutes,
            testId: 'review-minutes',
            ...weekNumber(review.movedMinutes, 'minutes', final),
          },
          {
            icon: Footprints,
            label: msg.common.steps,
            testId: 'review-steps',
            ...weekNumber(review.steps, 'steps', final),
          },
          {
            icon: Drumstick,
            label: msg.reviewNumbers.proteinDays,
            testId: 'review-protein',
            ...weekNumber(review.proteinDays, 'days', final),
          },
          {
            icon: Droplets,
            label: msg.reviewNumbers.hydrationDays,
            testId: 'review-hydration',
            ...weekNumber(review.hydrationDays, 'days', final),
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
            label: msg.reviewNumbers.streak,
            value: formatNumber(review.currentStreak),
            note: msg.reviewNumbers.streakNote(review.currentStreak, review.lastDay),
            testId: 'review-streak',
          },
          {
            icon: Trophy,
            label: msg.reviewNumbers.bestSoFar,
            value: formatNumber(review.bestStreak),
            note: msg.reviewNumbers.bestNote(review.bestStreak),
          },
          {
            icon: Percent,
            label: msg.common.consistency,
            value: formatPercent(review.consistency),
            note: msg.reviewNumbers.consistencyNote(review.lastDay),
          },
          {
            icon: Check,
            label: msg.common.checkIns,
            testId: 'review-checkins',
            value: `${review.checkins.value}/${review.final ? review.lastDay : review.days.length}`,
            note: changeNote(review.checkins, 'days', review.final),
          },
          review.weightChangeKg !== null && {
            className: 'col-span-2',
            icon: Scale,
            label: msg.reviewNumbers.weightThisWeek,
            value: formatWeightChange(review.weightChangeKg, review.unitPref),
            note: msg.reviewNumbers.onlyYouSeeThis,
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
                {msg.reviewNumbers.milestone(day)}
              </li>
            ))}
            {review.badges.map((b) => (
              <li key={b.code} className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
                {b.emoji && <span aria-hidden>{b.emoji} </span>}
                {msg.reviewNumbers.badge(b.name)}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
