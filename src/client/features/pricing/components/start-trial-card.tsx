import { CalendarCheck, CreditCard, Sparkles } from 'lucide-react';
import { CYCLE_LENGTH_DAYS, PRICES, TRIAL_DAYS } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';

/** The card-free trial offer shown to a new member before Day 1. */
export function StartTrialCard({ onStart, pending }: { onStart: () => void; pending: boolean }) {
  const points = [
    { icon: CalendarCheck, text: `${TRIAL_DAYS} days of the full programme, free.` },
    { icon: CreditCard, text: 'No card needed to start.' },
    { icon: Sparkles, text: `Then $${PRICES.monthly.amountUsd} a month. Cancel anytime.` },
  ];
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="gap-2">
        <h1 className="text-3xl font-black tracking-tight">{msg.startYourFreeTrial}</h1>
        <p className="text-muted-foreground">
          Your {CYCLE_LENGTH_DAYS} days start with one tap. Show up, stack days, and see what
          changes.
        </p>
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
          {pending ? msg.loading : `Start my ${TRIAL_DAYS}-day free trial`}
        </Button>
      </CardContent>
    </Card>
  );
}
