import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Info } from 'lucide-react';
import type { SubscriptionView } from '@shared/api-types';
import { CYCLE_LENGTH_DAYS, PRICES, TRIAL_DAYS } from '@shared/constants';
import { freeTimeState } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { LegalFooter } from '@client/components/layout/legal-links';
import { SignInBar } from '@client/components/layout/sign-in-bar';
import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import {
  CouponEntry,
  useCouponEntry,
  type CouponEntryState,
} from '@client/features/pricing/components/coupon-entry';
import { PlanFeatures } from '@client/features/pricing/components/plan-features';
import { PlanOptions } from '@client/features/pricing/components/plan-options';
import { useInviteToCarry } from '@client/features/invites/api/get-invite';
import { InviteApplied } from '@client/features/invites/components/invite-applied';
import { useSession } from '@client/features/auth/api/get-session';
import { useSubscription } from '@client/features/auth/api/get-subscription';
import { FreeTimeNote } from '@client/components/billing/free-time-note';
import { useBillingProvider } from '@client/features/pricing/api/get-billing-provider';
import {
  rememberTrialCardChoice,
  trialRequiresCard,
} from '@client/features/pricing/lib/trial-card';
import { pagePath } from '@shared/pages';

export function PricingRoute() {
  const id = useId();
  const [params] = useSearchParams();
  const coupon = useCouponEntry(params.get('coupon'));
  const noCardTrial = useState(() => !trialRequiresCard());
  const provider = useBillingProvider().data?.provider;
  // A member already signed in (sent here by REQUIRE_SUBSCRIPTION) starts from /app/start-trial.
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // Without payments, a member whose free time has ended has no trial to start and no plan to buy:
  // the card says where to ask for more time instead (decision 0034).
  const { subscription } = useSubscription(session.user?.userId);
  const endedHere =
    provider === 'builtin' && signedIn && freeTimeState(subscription) === 'ended'
      ? subscription
      : null;

  // A buddy invite (?invite=token) is checked and shown here; its free month is granted when the
  // new member verifies their email, so the token travels on through /signup to /verify-email.
  const inviteToken = params.get('invite');
  const inviteForSignUp = useInviteToCarry(inviteToken);

  return (
    <div className="min-h-dvh">
      <title>{msg.pricingPage.title}</title>
      <SignInBar />

      <main className="mx-auto flex max-w-5xl flex-col gap-10 px-4 pt-6 pb-16 sm:pt-12">
        <div className="flex flex-col gap-3">
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
            {msg.pricingPage.headline(CYCLE_LENGTH_DAYS)}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            {msg.pricingPage.lead(TRIAL_DAYS, PRICES.monthly.amountUsd)}
          </p>
        </div>

        <div className="grid gap-8 lg:grid-cols-[1fr_26rem] lg:items-start">
          <TrialCard
            id={id}
            inviteToken={inviteToken}
            signedIn={signedIn}
            coupon={signedIn ? null : coupon}
            couponInLink={params.get('coupon')}
            noCardTrial={noCardTrial}
            provider={provider}
            endedHere={endedHere}
            startHref={startHref(signedIn, coupon, inviteForSignUp)}
          />

          <div className="flex flex-col gap-10 lg:order-1">
            <PlanFeatures headingId={`${id}-features`} />
            <section aria-labelledby={`${id}-plans`} className="flex flex-col gap-4">
              <h2 id={`${id}-plans`} className="text-xl font-bold tracking-tight">
                {msg.pricingPage.afterYourTrial}
              </h2>
              <PlanOptions
                noteId={`${id}-paid-note`}
                provider={provider}
                trialUsed={endedHere !== null}
              />
            </section>
          </div>
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}

/** Where "Start your free trial" goes: /app/start-trial when signed in, else /signup with what to carry. */
function startHref(
  signedIn: boolean,
  coupon: CouponEntryState,
  inviteForSignUp: string | null | undefined,
): string {
  // A code still being checked goes along too: /signup checks it again and says what it found.
  const couponForSignUp =
    coupon.validCode ?? (coupon.status === 'checking' ? coupon.enteredCode : undefined);
  const signUpQuery = new URLSearchParams();
  if (couponForSignUp) signUpQuery.set('coupon', couponForSignUp);
  if (inviteForSignUp) signUpQuery.set('invite', inviteForSignUp);
  return signedIn ? pagePath('app-start-trial') : pagePath('signup', { search: signUpQuery });
}

type NoCardTrialState = [boolean, Dispatch<SetStateAction<boolean>>];

/**
 * The free trial's card: an invite or coupon applied, whether the trial asks for a card, and the
 * button to start it (or, free time ended on a server without payments, where to ask for more).
 * A coupon is redeemed only when an account is created (decision 0096): a visitor gets the coupon
 * box and carries the code to /signup; a signed-in member gets none, and, when a link brought a
 * code, the reason it cannot be used here.
 */
function TrialCard({
  id,
  inviteToken,
  signedIn,
  coupon,
  couponInLink,
  noCardTrial,
  provider,
  endedHere,
  startHref,
}: {
  id: string;
  inviteToken: string | null;
  /**
   * A member is signed in: a buddy invite's free time, like a coupon, comes only with a new account
   * (granted at its first verification), so it is not promised to them.
   */
  signedIn: boolean;
  /** The coupon box's state; null for a signed-in member, who has no coupon to redeem here. */
  coupon: CouponEntryState | null;
  /** ?coupon= from the link, whoever follows it. */
  couponInLink: string | null;
  /** The "no card" box's state, kept by the screen. */
  noCardTrial: NoCardTrialState;
  provider: 'stripe' | 'builtin' | undefined;
  endedHere: SubscriptionView | null;
  startHref: string;
}) {
  return (
    <Card className="border-2 border-primary lg:order-2">
      <CardHeader className="gap-1">
        <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">
          {msg.pricingPage.freeTrial}
        </p>
        <h2 className="flex items-baseline gap-2">
          <span className="text-5xl font-black tabular">
            {msg.pricingPage.trialDays(TRIAL_DAYS)}
          </span>
          <span className="text-lg text-muted-foreground">{msg.pricingPage.free}</span>
        </h2>
        <p className="text-muted-foreground">
          {msg.pricingPage.thenPrices(PRICES.monthly.amountUsd, PRICES.yearly.amountUsd)}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {inviteToken &&
          (signedIn ? (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              {msg.inviteForNewAccounts}
            </p>
          ) : (
            <InviteApplied token={inviteToken} />
          ))}
        {coupon ? (
          <CouponEntry coupon={coupon} />
        ) : couponInLink?.trim() ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            {msg.couponForNewAccounts}
          </p>
        ) : null}
        {/* The card choice is for a trial still to start. */}
        {!endedHere && <NoCardTrialChoice id={id} state={noCardTrial} provider={provider} />}
        {endedHere ? (
          <FreeTimeNote
            endedOn={endedHere.currentPeriodEnd}
            contact={endedHere.contact}
            className="text-base"
          />
        ) : (
          <Link to={startHref} className={buttonVariants({ size: 'lg' })}>
            {msg.startYourFreeTrial}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** "Don't require a card for the trial", remembered in this browser. */
function NoCardTrialChoice({
  id,
  state: [noCardTrial, setNoCardTrial],
  provider,
}: {
  id: string;
  state: NoCardTrialState;
  provider: 'stripe' | 'builtin' | undefined;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={`${id}-no-card`}
          checked={noCardTrial}
          onCheckedChange={(checked) => {
            setNoCardTrial(checked === true);
            rememberTrialCardChoice(checked !== true);
          }}
          aria-describedby={noCardTrial ? undefined : `${id}-card-note`}
        />
        <Label htmlFor={`${id}-no-card`} className="cursor-pointer py-3 font-medium">
          {msg.dontRequireCardForTrial}
        </Label>
      </div>
      {!noCardTrial && (
        <p id={`${id}-card-note`} className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {provider === 'stripe' ? msg.cardAtCheckout : msg.trialWithoutCardHere}
        </p>
      )}
    </div>
  );
}
