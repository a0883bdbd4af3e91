import { PRODUCT_NAME } from '@shared/constants';
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
      sentence: 'Choose a plan to keep your cycle, your streak and your check-ins going.',
      button: { label: 'Choose a plan', url },
      textLine: `Choose a plan: ${url}`,
    };
  }
  const sentence = `This server takes no payments. ${msg.askForAccess(links.contact)}`;
  if (!links.contact) return { sentence, button: undefined, textLine: null };
  const url = contactHref(links.contact);
  return { sentence, button: { label: 'Ask for more time', url }, textLine: null };
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
  const what = input.kind === 'trial' ? 'free trial' : 'free access';
  const next = nextStep(links);
  const lead = `Your ${PRODUCT_NAME} ${what} ends on ${input.endsOn}. ${next.sentence}`;
  const content: MailLayout = {
    title: `Your ${what} ends in 3 days`,
    paragraphs: [hello, lead],
    button: next.button,
  };
  return laidOutMail(
    {
      to: input.to,
      userId: input.userId,
      kind: input.kind === 'trial' ? 'trial_ending' : 'comp_ending',
      subject: `Your ${PRODUCT_NAME} ${input.kind === 'trial' ? 'trial' : 'free access'} ends in 3 days`,
    },
    { publicUrl: links.publicUrl },
    content,
    [hello, lead, ...(next.textLine ? [next.textLine] : [])],
  );
}
