import { Check } from 'lucide-react';
import { BADGE_DAYS } from '@shared/constants';
import { formatList } from '@shared/format';
import { msg } from '@shared/messages';

const FEATURES = [
  'Daily check-in on four pillars: Move, Steps, Fuel and Journal',
  'Proof photos and videos with every check-in',
  'Community feed with likes, reactions and comments',
  `Streak badges at ${formatList(BADGE_DAYS.map(String))} days`,
  'My Cycle view and the consistency leaderboard',
  'AI-generated workouts, fresh every week',
];

export function PlanFeatures({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {msg.planFeatures.everythingInTheProgramme}
      </h2>
      <ul className="flex flex-col gap-3">
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Check aria-hidden className="size-4" strokeWidth={3} />
            </span>
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
