import type { SubscriptionView } from '@shared/api-types';
import { PLAN_KEYS, PRICES, type PlanKey } from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { Button } from '@client/components/ui/button';
import { msg } from '@shared/messages';

/** The billing card's plans, monthly and yearly, each with its price and a button to choose it. */
export function BillingPlans({
  plan,
  status,
  busy,
  onChoose,
}: {
  /** The member's current plan, if any. */
  plan: SubscriptionView['plan'] | undefined;
  status: string | null;
  busy: boolean;
  onChoose: (plan: PlanKey) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={msg.billingPlans.plans}>
      {PLAN_KEYS.map((key) => {
        const price = PRICES[key];
        const name = msg.planLabels[key];
        const current = plan === key && isSubscribed(status);
        return (
          <li key={key} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{name}</span>
              {price.savings && (
                <span className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-semibold">
                  {msg.planOptions.yearlySavings}
                </span>
              )}
            </div>
            <p>
              <span className="text-2xl font-black tabular">
                {msg.billingPlans.price(price.amountUsd)}
              </span>
              <span className="text-muted-foreground">
                {msg.planOptions.perInterval(price.interval)}
              </span>
            </p>
            <Button variant="secondary" disabled={busy || current} onClick={() => onChoose(key)}>
              {current ? msg.billingPlans.currentPlan : msg.billingPlans.choose(key)}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
