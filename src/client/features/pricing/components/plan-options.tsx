import { Info } from 'lucide-react';
import { PLAN_KEYS, PRICES } from '@shared/constants';
import { msg } from '@shared/messages';

/**
 * The two paid plans, for reading: a visitor has no account to pay for yet. Members choose one from
 * Settings (Stripe) or learn that this server takes no payments (built-in provider).
 */
export function PlanOptions({
  noteId,
  provider,
  trialUsed = false,
}: {
  noteId: string;
  provider: 'stripe' | 'builtin' | undefined;
  /** A signed-in member whose free time has ended: no "start with the free trial" (decision 0034). */
  trialUsed?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {PLAN_KEYS.map((key) => {
          const price = PRICES[key];
          const name = msg.planLabels[key];
          return (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{name}</h3>
                {price.savings && (
                  <span className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-semibold">
                    {msg.planOptions.yearlySavings}
                  </span>
                )}
              </div>
              <p>
                <span className="text-3xl font-black tabular">
                  {msg.billingPlans.price(price.amountUsd)}
                </span>
                <span className="text-muted-foreground">
                  {msg.planOptions.perInterval(price.interval)}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
      <p id={noteId} className="flex items-start gap-2 text-sm text-muted-foreground">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {provider === 'stripe'
          ? msg.choosePlanLater
          : trialUsed
            ? msg.noPaymentsHere
            : msg.paymentsNotConfigured}
      </p>
    </div>
  );
}
