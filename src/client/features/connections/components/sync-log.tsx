import { useId } from 'react';
import { CircleAlert, CircleCheck, CircleMinus, FlaskConical } from 'lucide-react';
import type { SyncLogEntryView, SyncLogResponse } from '@shared/api-types';
import { BRIDGE_APP_NAMES, type UnitPref } from '@shared/constants';
import { formatWater } from '@shared/domain/fuel';
import { formatNumber, formatShortDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { useMemberTimeZone } from '@client/lib/member-time-zone';

/** The sync log (issue 45): each delivery, used (what), skipped (why), refused (why) or a test. */
export function SyncLog({
  log,
  loading,
  unitPref,
}: {
  log?: SyncLogResponse;
  loading: boolean;
  unitPref: UnitPref;
}) {
  const id = useId();
  const timeZone = useMemberTimeZone();
  return (
    <section aria-labelledby={`${id}-log`} className="flex flex-col gap-2">
      <h4 id={`${id}-log`} className="text-sm font-semibold">
        {msg.syncLogHeading}
      </h4>
      <p className="text-xs text-muted-foreground">{msg.syncLogLead}</p>
      {loading ? (
        <p className="text-sm text-muted-foreground">{msg.loading}</p>
      ) : !log?.deliveries.length ? (
        <p className="text-sm text-muted-foreground">{msg.syncLogEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {log.deliveries.map((d) => (
            <li key={d.id} className="flex gap-2 px-3 py-2 text-sm">
              <OutcomeIcon outcome={d.outcome} />
              <div className="flex min-w-0 flex-col">
                <span className="break-words">{describe(d, unitPref).join(' · ')}</span>
                <span className="text-xs text-muted-foreground">
                  {BRIDGE_APP_NAMES[d.app]} · {formatShortDateTime(d.receivedAt, timeZone)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A delivery in words: what was used, what skipped and why, or why it was refused. */
function describe({ outcome, detail }: SyncLogEntryView, unitPref: UnitPref): string[] {
  if (outcome === 'test') return [msg.syncTestReceived];
  if (outcome === 'refused') return [msg.syncRefused(detail.refused?.reason ?? '')];
  const parts: string[] = [];
  const used = detail.used;
  if (detail.nothingNew) parts.push(msg.syncNothingNew);
  else if (used) {
    const what = [
      used.steps !== undefined && msg.syncLogUsedSteps(formatNumber(used.steps)),
      used.moveMinutes !== undefined && msg.syncLogUsedMinutes(formatNumber(used.moveMinutes)),
      used.waterMl !== undefined && msg.syncLogUsedWater(formatWater(used.waterMl, unitPref)),
      used.proteinG !== undefined && msg.syncLogUsedProtein(formatNumber(used.proteinG)),
    ].filter((w): w is string => typeof w === 'string');
    parts.push(msg.syncUsed(what.join(', ')));
  }
  if (detail.skipped?.dayClosed) parts.push(msg.syncSkippedDayClosed(detail.skipped.dayClosed));
  if (detail.skipped?.notStarted) parts.push(msg.syncSkippedNotStarted(detail.skipped.notStarted));
  if (parts.length === 0) parts.push(msg.syncNothingKept);
  return parts;
}

function OutcomeIcon({ outcome }: { outcome: SyncLogEntryView['outcome'] }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (outcome === 'used')
    return <CircleCheck aria-hidden className={`${className} text-success`} />;
  if (outcome === 'refused')
    return <CircleAlert aria-hidden className={`${className} text-danger`} />;
  if (outcome === 'test')
    return <FlaskConical aria-hidden className={`${className} text-muted-foreground`} />;
  return <CircleMinus aria-hidden className={`${className} text-muted-foreground`} />;
}
