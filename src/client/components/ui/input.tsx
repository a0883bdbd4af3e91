import * as React from 'react';
import { cn } from '@client/lib/cn';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        // text-base keeps iOS Safari from zooming in on focus; min-h-11 is the 44 px touch target.
        'block min-h-11 w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
