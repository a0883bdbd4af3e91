import { CalendarCheck, CreditCard, Sparkles } from 'lucide-react';
import { CYCLE_LENGTH_DAYS, PRICES, TRIAL_DAYS } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';

/**
 * The trial offer shown to a new member before Day 1. `requireCard`: the member unticked "Don't
 * require card for trial" on a server that takes payments, so checkout will ask for a card.
 */
export function StartTrialCard({
  onStart,
  pending,
  requireCard = false,
}: {
  onStart: () => void;
  pending: boolean;
  requireCard?: boolean;
}) {
  const points = [
    { icon: CalendarCheck, text: msg.startTrialCard.freeDays(TRIAL_DAYS) },
    {
      icon: CreditCard,
      text: requireCard ? msg.trialCardAtCheckout : msg.trialNoCard,
    },
    { icon: Sparkles, text: msg.startTrialCard.thenMonthly(PRICES.monthly.amountUsd) },
  ];
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="gap-2">
        <h1 className="text-3xl font-black tracking-tight">{msg.startYourFreeTrial}</h1>
        <p className="text-muted-foreground">{msg.startTrialCard.lead(CYCLE_LENGTH_DAYS)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ul className="flex flex-col gap-3">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <Icon aria-hidden className="size-5 shrink-0 text-accent-text" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        <Button size="lg" onClick={onStart} disabled={pending}>
          {pending ? msg.loading : msg.startTrialCard.start(TRIAL_DAYS)}
        </Button>
      </CardContent>
    </Card>
  );
}
