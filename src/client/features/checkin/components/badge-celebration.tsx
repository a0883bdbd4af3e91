import { X } from 'lucide-react';
import type { AwardedBadge } from '@shared/api-types';
import { GENERIC_BADGE_EMOJI, KNOWN_BADGES } from '@shared/constants';
import { msg } from '@shared/messages';

export function badgeEmoji(code: string): string {
  return code in KNOWN_BADGES
    ? KNOWN_BADGES[code as keyof typeof KNOWN_BADGES].emoji
    : GENERIC_BADGE_EMOJI;
}

/** The badge a check-in just earned, with a short pop (none when the system asks for less motion). */
export function BadgeCelebration({
  badge,
  onDismiss,
}: {
  badge: AwardedBadge;
  onDismiss?: () => void;
}) {
  return (
    <div
      role="status"
      className="relative flex items-center gap-4 rounded-2xl border border-primary/60 bg-primary/15 p-4 pr-12"
    >
      <span aria-hidden className="text-4xl leading-none motion-safe:animate-celebrate">
        {badgeEmoji(badge.code)}
      </span>
      <div className="flex flex-col gap-0.5">
        <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">
          {msg.badgeEarned}
        </p>
        <p className="text-lg font-bold tracking-tight">{badge.name}</p>
        {badge.description && <p className="text-sm text-muted-foreground">{badge.description}</p>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={msg.badgeCelebration.dismiss}
          className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
