import { Heart } from 'lucide-react';
import { formatNumber } from '@shared/format';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { useToggleLike } from '../api/toggle-like';

export function LikeButton({
  postId,
  likeCount,
  likedByMe,
}: {
  postId: string;
  likeCount: number;
  likedByMe: boolean;
}) {
  const toggleLike = useToggleLike(postId);
  return (
    <button
      type="button"
      aria-pressed={likedByMe}
      aria-label={msg.likeButton.likes(likeCount)}
      onClick={() => toggleLike.mutate(!likedByMe)}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
        likedByMe
          ? 'border-rose-300 bg-rose-50 text-rose-700 dark:border-rose-400/40 dark:bg-rose-500/15 dark:text-rose-300'
          : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Heart aria-hidden className={cn('size-4', likedByMe && 'fill-current')} />
      <span className="tabular">{formatNumber(likeCount)}</span>
    </button>
  );
}
