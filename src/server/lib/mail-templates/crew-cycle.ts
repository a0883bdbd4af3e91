import { msg } from '@shared/messages';
import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

/**
 * The evening before a crew's Day 1 (issue 44), at the member's reminder hour: a nudge, so it carries
 * the unsubscribe link and honours the member's e-mail nudge setting.
 */
export function crewCycleEveMail(
  input: { to: string; userId: string; name?: string | null; crewName: string; crewUrl: string },
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const title = msg.crewCycleReminderTitle(input.crewName);
  const lead = msg.crewCycleReminderLead(input.crewName);
  const content: MailLayout = {
    title,
    paragraphs: [hello, lead],
    button: { label: input.crewName, url: input.crewUrl },
  };
  return laidOutMail(
    { to: input.to, userId: input.userId, kind: 'crew_cycle_eve', subject: title },
    links,
    content,
    [hello, title, lead, `${input.crewName}: ${input.crewUrl}`],
  );
}
