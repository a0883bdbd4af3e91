import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** A field's error (icon + text, never colour alone) or its hint. Link it with aria-describedby. */
export function FieldMessage({
  id,
  tone = 'hint',
  children,
  className,
}: {
  id: string;
  tone?: 'hint' | 'error';
  children: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      className={cn(
        'flex items-start gap-1.5 text-sm',
        tone === 'error' ? 'text-danger' : 'text-muted-foreground',
        className,
      )}
    >
      {tone === 'error' && <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}

/** Joins the ids of whatever messages a field currently shows, for aria-describedby. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}
