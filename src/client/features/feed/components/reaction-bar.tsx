import type { ReactionState } from '@shared/api-types';
import { REACTION_EMOJI, REACTION_KEYS, type ReactionKey } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { cn } from '@client/lib/cn';
import { useSetReaction } from '../api/set-reaction';
import { msg } from '@shared/messages';

export const REACTION_LABELS = {
  like: 'Thumbs up',
  strong: 'Strong',
  celebrate: 'Celebrate',
  fireworks: 'Fireworks',
} as const satisfies Record<ReactionKey, string>;

/** The four reactions; the viewer's own is outlined and pressed. Choosing it again removes it. */
export function ReactionBar({
  postId,
  reactions,
  myReaction,
}: {
  postId: string;
  reactions: ReactionState['reactions'];
  myReaction: ReactionKey | null;
}) {
  const setReaction = useSetReaction(postId);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={msg.reactionBar.reactions}>
      {REACTION_KEYS.map((key) => {
        const mine = myReaction === key;
        const count = reactions[key] ?? 0;
        return (
          <li key={key}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${REACTION_LABELS[key]}, ${formatNumber(count)}`}
              title={REACTION_LABELS[key]}
              onClick={() => setReaction.mutate(mine ? null : key)}
              className={cn(
                'inline-flex min-h-11 min-w-14 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
                mine
                  ? 'border-accent-text bg-primary/25 text-foreground ring-1 ring-accent-text'
                  : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              <span aria-hidden className="text-base leading-none">
                {REACTION_EMOJI[key]}
              </span>
              <span className="tabular">{formatNumber(count)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
