import { msg } from '@shared/messages';
import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

// The nudges to check in: the daily reminder and a crewmate's nudge. Each carries the unsubscribe link.

/** The daily nudge at the member's reminder hour: their day, their streak, a button to check in. */
export function dailyReminderMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    day: number | null;
    streak: number;
    /** A missed day is forgiven only if today is checked in (issue 43). */
    atRisk?: boolean;
  },
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const stat = msg.mail.reminderStat(input.day, input.streak);
  const lead = input.atRisk
    ? msg.reminderAtRiskLead(input.streak)
    : input.streak > 0
      ? msg.mail.reminderStreakLead(input.streak)
      : msg.mail.reminderFreshLead;
  const checkinUrl = `${links.publicUrl}/app`;
  const content: MailLayout = {
    title: input.atRisk ? msg.checkInToKeepStreak : msg.mail.reminderTitle,
    stat,
    paragraphs: [hello, lead],
    button: { label: msg.mail.checkInButton, url: checkinUrl },
  };
  return laidOutMail(
    {
      to: input.to,
      userId: input.userId,
      kind: 'daily_reminder',
      subject: input.atRisk
        ? msg.mail.reminderAtRiskSubject(input.day)
        : msg.mail.reminderSubject(input.day),
    },
    links,
    content,
    [hello, stat, lead, msg.mail.checkInLine(checkinUrl)],
  );
}

/**
 * A crewmate's nudge (issue 30): reads like a friend wrote it. A nudge, so it carries the
 * unsubscribe link and honours the member's e-mail nudge setting.
 */
export function crewNudgeMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    fromName: string;
    crewName: string;
    day: number | null;
  },
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const title = msg.crewNudgeTitle(input.fromName, input.day);
  const lead = msg.crewNudgeLead(input.fromName, input.crewName);
  const checkinUrl = `${links.publicUrl}/app`;
  const content: MailLayout = {
    title,
    paragraphs: [hello, lead],
    button: { label: msg.mail.checkInButton, url: checkinUrl },
  };
  return laidOutMail(
    { to: input.to, userId: input.userId, kind: 'crew_nudge', subject: title },
    links,
    content,
    [hello, title, lead, msg.mail.checkInLine(checkinUrl)],
  );
}
