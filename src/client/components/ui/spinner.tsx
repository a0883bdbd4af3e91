import { Loader2 } from 'lucide-react';

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <Loader2 aria-hidden className="size-8 animate-spin text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

/** What a dialog shows while the form it opened is still loading (its code comes on demand). */
export function FormLoading({ label }: { label: string }) {
  return (
    <p
      role="status"
      className="flex min-h-64 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {label}
    </p>
  );
}
