import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';

/** The small "Strict" tag of a member who chose strict mode for their cycle (issue 43). */
export function StrictTag({ className }: { className?: string }) {
  return (
    <span
      title={msg.strictTagLabel}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border border-foreground/40 px-2 py-0.5 text-xs font-bold tracking-wide uppercase',
        className,
      )}
    >
      <span aria-hidden>{msg.strictTag}</span>
      <span className="sr-only">{msg.strictTagLabel}</span>
    </span>
  );
}
