import { Link } from 'react-router';
import { CircleAlert, CreditCard } from 'lucide-react';
import type { SubscriptionView } from '@shared/api-types';
import { ROUTES } from '@shared/constants';
import { isSubscribed, subscriptionLabel, trialDaysLeft } from '@shared/domain/subscription';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';

/**
 * Billing, as a plain status until paid plans land: ACTIVE, TRIAL with the days left, PAST DUE,
 * CANCELED or INACTIVE, with the next step when there is one.
 */
export function BillingStatus({
  subscription,
  isLoading,
  isError,
}: {
  subscription: SubscriptionView | null;
  isLoading: boolean;
  isError: boolean;
}) {
  const status = subscription?.status ?? null;
  const label = subscriptionLabel(status);
  const daysLeft =
    status === 'trialing' ? trialDaysLeft(subscription?.currentPeriodEnd, new Date()) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden className="size-5 text-accent-text" />
          Billing
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isLoading ? (
          <p className="text-sm text-muted-foreground">{msg.loading}</p>
        ) : isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-danger">
            <CircleAlert aria-hidden className="size-4" />
            {msg.errorLoadingSubscription}
          </p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted-foreground">Status</span>
              <span className="rounded-full border border-border bg-muted px-3 py-1 text-xs font-bold tracking-wide">
                {label}
              </span>
            </p>
            {status === 'trialing' && <p className="text-sm">{msg.trialDaysLeft(daysLeft)}</p>}
            {status === 'active' && subscription?.currentPeriodEnd && (
              <p className="text-sm">Renews {formatDate(subscription.currentPeriodEnd)}</p>
            )}
            {!isSubscribed(status) && (
              <div>
                <Link to={ROUTES.startTrial} className={buttonVariants({ variant: 'primary' })}>
                  {msg.startYourFreeTrial}
                </Link>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
