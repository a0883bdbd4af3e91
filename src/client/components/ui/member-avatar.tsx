import { useState } from 'react';
import { avatarInitial } from '@shared/domain/display';
import { cn } from '@client/lib/cn';

/**
 * A member's picture, or the first letter of their name when there is none (or it fails to load).
 * Decorative: the name is always written next to it, so screen readers skip it.
 */
export function MemberAvatar({
  name,
  src,
  className,
}: {
  name: string | null | undefined;
  src: string | null | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(src) && !failed;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full border border-border bg-muted text-sm font-bold text-foreground select-none',
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        avatarInitial(name)
      )}
    </span>
  );
}
