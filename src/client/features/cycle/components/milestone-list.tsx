import { CheckCircle2, Clock, Lock } from 'lucide-react';
import type { MyCycleView } from '@shared/api-types';
import { GENERIC_BADGE_EMOJI, KNOWN_BADGES } from '@shared/constants';
import type { MilestoneState } from '@shared/domain/milestones';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { msg } from '@shared/messages';

const STATES = {
  achieved: { label: 'Achieved', icon: CheckCircle2, className: 'text-success' },
  coming_up: { label: 'Coming Up', icon: Clock, className: 'text-warning' },
  locked: { label: 'Locked', icon: Lock, className: 'text-muted-foreground' },
} as const satisfies Record<MilestoneState, unknown>;

export function MilestoneList({
  milestones,
  day,
}: {
  milestones: MyCycleView['milestones'];
  day: number;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>{msg.milestoneList.milestones}</CardTitle>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-5">
        {milestones.map((m) => {
          const badge = KNOWN_BADGES[m.badgeCode];
          const state = STATES[m.state];
          const Icon = state.icon;
          const left = m.day - day;
          return (
            <li
              key={m.day}
              className={cn(
                'flex items-center gap-3 rounded-xl border p-3 sm:flex-col sm:text-center',
                m.state === 'achieved' && 'border-accent-text/40 bg-primary/10',
                m.state === 'coming_up' && 'border-warning/50',
                m.state === 'locked' && 'border-border',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'text-3xl leading-none sm:text-4xl',
                  m.state === 'locked' && 'opacity-40 grayscale',
                )}
              >
                {badge?.emoji ?? GENERIC_BADGE_EMOJI}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:items-center">
                <p className="tabular font-bold">{msg.dayN(m.day)}</p>
                <p className="text-sm text-muted-foreground">{badge?.name}</p>
              </div>
              <p
                className={cn(
                  'flex items-center gap-1 text-sm font-semibold whitespace-nowrap',
                  state.className,
                )}
              >
                <Icon aria-hidden className="size-4" />
                {state.label}
                {m.state === 'coming_up' && (
                  <span className="tabular font-normal text-muted-foreground">
                    {' '}
                    · {left} {left === 1 ? msg.common.day2 : msg.common.days}
                  </span>
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
