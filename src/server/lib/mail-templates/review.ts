import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

// The weekly review mail: the week's numbers and a button to the review, on its own unsubscribe list.

/** The numbers of a week in the e-mail, each beside the week before. */
export interface WeeklyReviewMailNumbers {
  week: number;
  final: boolean;
  checkins: number;
  days: number;
  movedMinutes: number;
  steps: number;
  proteinDays: number;
  hydrationDays: number;
  currentStreak: number;
  bestStreak: number;
}

/**
 * The weekly review (decision 0049): the morning after a week ends, at the member's reminder hour,
 * the week's numbers and a button to the review. Its own list: the unsubscribe link turns off only it.
 */
export function weeklyReviewMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    url: string;
  } & WeeklyReviewMailNumbers,
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const n = (value: number) => value.toLocaleString('en-US');
  const title = input.final ? 'Your 90 days, reviewed' : `Your week ${input.week} review is ready`;
  const stat = `${input.checkins} of ${input.days} days checked in`;
  const lines = [
    `Move minutes: ${n(input.movedMinutes)}`,
    `Steps: ${n(input.steps)}`,
    `Protein target hit: ${input.proteinDays} ${input.proteinDays === 1 ? 'day' : 'days'}`,
    `Hydration goal hit: ${input.hydrationDays} ${input.hydrationDays === 1 ? 'day' : 'days'}`,
    `Streak: ${input.currentStreak} (best ${input.bestStreak})`,
  ];
  const lead = input.final
    ? 'Ninety days stacked up. See the whole cycle, day by day, and where you started.'
    : 'Here is how your week added up. The review has each day, your journal lines and your photos.';
  const content: MailLayout = {
    title,
    stat,
    paragraphs: [hello, lead, ...lines],
    button: { label: 'Open your review', url: input.url },
  };
  const reviewLinks = { ...links, unsubscribeLabel: 'Unsubscribe from the weekly review e-mail' };
  return laidOutMail(
    {
      to: input.to,
      userId: input.userId,
      kind: 'weekly_review',
      subject: input.final ? `Your 90-day review: ${stat}` : `Week ${input.week} review: ${stat}`,
    },
    reviewLinks,
    content,
    [hello, stat, lead, lines.join('\n'), `Open your review: ${input.url}`],
  );
}
