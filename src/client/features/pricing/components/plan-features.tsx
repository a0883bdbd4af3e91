import { Check } from 'lucide-react';
import { BADGE_DAYS } from '@shared/constants';
import { formatList } from '@shared/format';
import { msg } from '@shared/messages';

const features = () => [
  msg.planFeatures.pillars,
  msg.planFeatures.proof,
  msg.planFeatures.community,
  msg.planFeatures.badges(formatList(BADGE_DAYS.map(String))),
  msg.planFeatures.cycle,
  msg.planFeatures.workouts,
];

export function PlanFeatures({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {msg.planFeatures.everythingInTheProgramme}
      </h2>
      <ul className="flex flex-col gap-3">
        {features().map((feature) => (
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
