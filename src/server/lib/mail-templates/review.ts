import { msg } from '@shared/messages';
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
  const title = msg.mail.reviewTitle(input.final, input.week);
  const stat = msg.mail.reviewStat(input.checkins, input.days);
  const lines = [
    msg.mail.reviewMoveMinutes(input.movedMinutes),
    msg.mail.reviewSteps(input.steps),
    msg.mail.reviewProteinDays(input.proteinDays),
    msg.mail.reviewHydrationDays(input.hydrationDays),
    msg.mail.reviewStreak(input.currentStreak, input.bestStreak),
  ];
  const lead = input.final ? msg.mail.reviewFinalLead : msg.mail.reviewWeekLead;
  const content: MailLayout = {
    title,
    stat,
    paragraphs: [hello, lead, ...lines],
    button: { label: msg.mail.reviewButton, url: input.url },
  };
  const reviewLinks = { ...links, unsubscribeLabel: msg.mail.unsubscribeWeeklyReview };
  return laidOutMail(
    {
      to: input.to,
      userId: input.userId,
      kind: 'weekly_review',
      subject: msg.mail.reviewSubject(input.final, input.week, stat),
    },
    reviewLinks,
    content,
    [hello, stat, lead, lines.join('\n'), msg.mail.reviewLine(input.url)],
  );
}
