import { SUBSCRIBED_STATUSES } from '../constants';
import { msg } from '../messages';

const MS_PER_DAY = 86_400_000;

/** Subscribed means active or trialing; anything else, or no record, is not. */
export function isSubscribed(status: string | null | undefined): boolean {
  return (SUBSCRIBED_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * The status as the billing card shows it, in the member's language: the spec's ACTIVE, TRIAL,
 * PAST DUE, CANCELED or INACTIVE in English.
 */
export function subscriptionLabel(status: string | null | undefined): string {
  switch (status) {
    case 'active':
      return msg.subscriptionStatus.active;
    case 'trialing':
      return msg.subscriptionStatus.trial;
    case 'past_due':
      return msg.subscriptionStatus.pastDue;
    case 'canceled':
      return msg.subscriptionStatus.canceled;
    default:
      return msg.subscriptionStatus.inactive;
  }
}

/**
 * Whole days left in the trial, rounded up so the last afternoon still reads
 * "1 day left"; 0 once the period has ended or when there is no end date.
 */
export function trialDaysLeft(periodEnd: Date | string | null | undefined, now: Date): number {
  if (periodEnd === null || periodEnd === undefined) return 0;
  const end = new Date(periodEnd).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / MS_PER_DAY));
}

/**
 * Choosing a plan starts checkout when there is no live subscription (none,
 * inactive); otherwise it changes the existing plan.
 */
export function planAction(status: string | null | undefined): 'checkout' | 'change_plan' {
  return status === null || status === undefined || status === 'inactive'
    ? 'checkout'
    : 'change_plan';
}

/** Manage Billing shows for active or trialing on the profile tab, only for active on Settings. */
export function showsManageBilling(
  status: string | null | undefined,
  screen: 'profile' | 'settings',
): boolean {
  return screen === 'profile' ? isSubscribed(status) : status === 'active';
}

/** BILLING_CONTACT as a link: mailto: for an e-mail address, else the web address itself. */
export function contactHref(contact: string): string {
  return /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}`;
}

/**
 * Where the member stands without payments (decision 0034): 'unused' (the trial is still there to
 * start), 'free' (trial, free months or a month comp running), 'lifetime', or 'ended' (free time had
 * an end, and it has passed).
 */
export function freeTimeState(
  view: { status: string; currentPeriodEnd: string | null; comp: string | null } | null,
): 'unused' | 'free' | 'lifetime' | 'ended' {
  if (view?.comp === 'lifetime' && isSubscribed(view.status)) return 'lifetime';
  if (view && isSubscribed(view.status)) return 'free';
  return view?.currentPeriodEnd ? 'ended' : 'unused';
}
