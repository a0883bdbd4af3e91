import { msg } from '@shared/messages'; /** Placeholder shapes while the cycle and today's check-in load. */
export function TodaySkeleton() {
  return (
    <div
      role="status"
      aria-label={msg.todaySkeleton.loadingYourDay}
      className="flex animate-pulse flex-col gap-6"
    >
      <div className="flex flex-col gap-3">
        <div className="h-16 w-48 rounded-xl bg-muted" />
        <div className="h-5 w-64 max-w-full rounded bg-muted" />
      </div>
      <div className="h-3 w-full rounded-full bg-muted" />
      <div className="h-11 w-56 rounded-lg bg-muted" />
      <CheckinFormShape />
    </div>
  );
}

/** The check-in form's outline. */
function CheckinFormShape({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-col gap-4 rounded-2xl border border-border p-5 ${className}`}>
      <div className="h-6 w-40 rounded bg-muted" />
      <div className="grid grid-cols-2 gap-3">
        <div className="h-11 rounded-lg bg-muted" />
        <div className="h-11 rounded-lg bg-muted" />
      </div>
      <div className="h-40 rounded-lg bg-muted" />
    </div>
  );
}

/** Where the check-in form goes, the moment its code takes to arrive: the same outline, pulsing. */
export function CheckinFormPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <CheckinFormShape className="animate-pulse" />
    </div>
  );
}
