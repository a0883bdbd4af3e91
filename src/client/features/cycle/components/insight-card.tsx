import { AlertTriangle, Trophy, TrendingUp } from 'lucide-react';
import type { InsightLevel } from '@shared/domain/consistency';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

const INSIGHTS = {
  excellent: {
    get title() {
      return msg.insightCard.excellent;
    },
    icon: Trophy,
    get text() {
      return msg.insightExcellent;
    },
    className: 'border-success/40 text-success',
  },
  good: {
    get title() {
      return msg.insightCard.good;
    },
    icon: TrendingUp,
    get text() {
      return msg.insightGood;
    },
    className: 'border-accent-text/40 text-accent-text',
  },
  warning: {
    get title() {
      return msg.insightCard.needsAttention;
    },
    icon: AlertTriangle,
    get text() {
      return msg.insightWarning;
    },
    className: 'border-warning/50 text-warning',
  },
} as const satisfies Record<InsightLevel, unknown>;

/**
 * Coach feedback on consistency: 80+ excellent, 60-79 good, below 60 a nudge. The nudge says "check in
 * today" only when today takes a check-in: not once it is done, nor in a complete cycle (decision 0032).
 */
export function InsightCard({
  level,
  consistency,
  today,
}: {
  level: InsightLevel;
  consistency: number;
  /** What today holds: a check-in to make, one made, or none at all (the cycle is complete). */
  today: 'open' | 'done' | 'complete';
}) {
  const insight = INSIGHTS[level];
  const Icon = insight.icon;
  const text =
    level !== 'warning' || today === 'open'
      ? insight.text
      : today === 'done'
        ? msg.insightWarningCheckedIn
        : msg.insightWarningComplete;
  return (
    <Card className={cn('flex items-start gap-4 border-l-4 p-5', insight.className)}>
      <Icon aria-hidden className="mt-0.5 size-6 shrink-0" />
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-semibold tracking-wide uppercase">
          {msg.insightCard.performance(insight.title)}
        </h2>
        <p className="text-base text-foreground">{text(consistency)}</p>
      </div>
    </Card>
  );
}
