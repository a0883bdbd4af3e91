import { contactHref } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

// The notice that free time is ending, with the next step this server's way of payment allows.

/** How the server takes payments, for the ending notices' next step (decision 0034). */
export interface BillingLinks {
  provider: 'stripe' | 'builtin';
  /** BILLING_CONTACT, or null. */
  contact: string | null;
}

/**
 * The next step when free time ends: with Stripe, choose a plan in Settings; without payments, ask
 * for more time at BILLING_CONTACT (a button when there is one), never a plan that cannot be bought.
 */
function nextStep(links: Pick<MailLinks, 'publicUrl'> & BillingLinks) {
  if (links.provider === 'stripe') {
    const url = `${links.publicUrl}/app/settings`;
    return {
      sentence: msg.mail.choosePlanLead,
      button: { label: msg.mail.choosePlanButton, url },
      textLine: msg.mail.choosePlanLine(url),
    };
  }
  const sentence = msg.noPaymentsAskForAccess(links.contact);
  if (!links.contact) return { sentence, button: undefined, textLine: null };
  const url = contactHref(links.contact);
  return { sentence, button: { label: msg.mail.askForMoreTimeButton, url }, textLine: null };
}

/**
 * Three days before a trial, free months or a month comp end: what happens next. An account mail
 * (decision 0096): no unsubscribe link, since turning nudges off does not stop it.
 */
export function accessEndingMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    endsOn: string;
    /** 'trial': trialing (a trial or free months); 'comp': an admin's month comp. */
    kind: 'trial' | 'comp';
  },
  links: Pick<MailLinks, 'publicUrl'> & BillingLinks,
): MailMessage {
  const hello = greeting(input.name);
  const next = nextStep(links);
  const lead = `${msg.mail.accessEndingLead(input.kind, input.endsOn)} ${next.sentence}`;
  const content: MailLayout = {
    title: msg.mail.accessEndingTitle(input.kind),
    paragraphs: [hello, lead],
    button: next.button,
  };
  return laidOutMail(
    {
      to: input.to,
      userId: input.userId,
      kind: input.kind === 'trial' ? 'trial_ending' : 'comp_ending',
      subject: msg.mail.accessEndingSubject(input.kind),
    },
    { publicUrl: links.publicUrl },
    content,
    [hello, lead, ...(next.textLine ? [next.textLine] : [])],
  );
}
