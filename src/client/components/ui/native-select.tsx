import * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';

/**
 * The browser's own select, styled like Input: on phones it opens the system picker, which is the
 * easiest one-handed choice from a list (time zones, reminder hours).
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        data-slot="native-select"
        className={cn(
          'block min-h-11 w-full appearance-none rounded-lg border border-input bg-background py-2 pr-10 pl-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
