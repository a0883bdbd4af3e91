import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/**
 * A 0..max bar (aria-valuemin is always 0). `percent` is the filled width when it is not simply
 * value / max (a cycle's bar fills by days done while it reads the day); `minPercent` keeps a sliver
 * visible at the start. `children` draws over the bar (milestone ticks).
 */
export function ProgressBar({
  value,
  max,
  percent = (value / max) * 100,
  minPercent = 0,
  label,
  labelledBy,
  valueText,
  className,
  fillClassName,
  children,
}: {
  value: number;
  max: number;
  percent?: number;
  minPercent?: number;
  label?: string;
  labelledBy?: string;
  valueText?: string;
  className?: string;
  fillClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('overflow-hidden rounded-full', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary transition-[width]', fillClassName)}
        style={{ width: `${Math.max(percent, minPercent)}%` }}
      />
      {children}
    </div>
  );
}
