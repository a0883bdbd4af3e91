// The pricing page's "Don't require card for trial" choice, kept in this tab until the trial starts
// (after sign-up and verification, on /app/start-trial). Not a secret and not a grant: the server
// decides what a trial is; this only says whether Stripe's checkout asks for a card.

const KEY = 'stackdays.trial-requires-card';

export function rememberTrialCardChoice(requireCard: boolean): void {
  try {
    window.sessionStorage.setItem(KEY, requireCard ? '1' : '0');
  } catch {
    // storage off (private mode): the default, no card, applies
  }
}

/** true when the member unticked "Don't require card for trial"; false by default. */
export function trialRequiresCard(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
