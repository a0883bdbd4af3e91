import { useId } from 'react';
import { Apple, Bot } from 'lucide-react';
import { BRIDGE_APP_NAMES, BRIDGE_APPS, type BridgeApp, type UnitPref } from '@shared/constants';
import { formatShortDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { useDeliveries } from '../api/get-deliveries';
import { CopyField } from './copy-field';
import { SyncLog } from './sync-log';

/** The address an app POSTs its own JSON to, on this server. */
export function ingestUrl(origin: string, app: BridgeApp): string {
  return `${origin}/api/v1/ingest/${app}`;
}

/**
 * "Use an app you already have" (issue 45): one card per phone app with its address and header to
 * paste, where they go in the app, and its last delivery; what is kept and what is dropped; the
 * sync log. `token` is the connection token just made (shown once), else a placeholder.
 */
export function BridgeApps({
  origin,
  token,
  unitPref,
}: {
  origin: string;
  token: string | null;
  unitPref: UnitPref;
}) {
  const id = useId();
  const deliveries = useDeliveries();
  return (
    <section aria-labelledby={`${id}-bridges`} className="flex flex-col gap-3">
      <h3 id={`${id}-bridges`} className="text-sm font-semibold">
        {msg.bridgeAppHeading}
      </h3>
      <p className="text-sm text-muted-foreground">{msg.bridgeAppLead}</p>
      <div className="grid gap-3 lg:grid-cols-2">
        {BRIDGE_APPS.map((app) => (
          <BridgeAppCard
            key={app}
            app={app}
            url={ingestUrl(origin, app)}
            token={token}
            lastDelivery={deliveries.data?.lastDelivery[app] ?? null}
          />
        ))}
      </div>
      <p className="rounded-xl bg-muted p-3 text-sm">{msg.bridgeKeptAndDropped}</p>
      <p className="text-sm text-muted-foreground">{msg.bridgeSizeHint}</p>
      <SyncLog log={deliveries.data} loading={deliveries.isPending} unitPref={unitPref} />
    </section>
  );
}

function BridgeAppCard({
  app,
  url,
  token,
  lastDelivery,
}: {
  app: BridgeApp;
  url: string;
  token: string | null;
  lastDelivery: string | null;
}) {
  const id = useId();
  const timeZone = useMemberTimeZone();
  const Icon = app === 'health-auto-export' ? Apple : Bot;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4"
    >
      <header className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
        <div className="flex min-w-0 flex-col">
          <h4 id={`${id}-name`} className="font-semibold">
            {BRIDGE_APP_NAMES[app]}
          </h4>
          <span className="text-xs text-muted-foreground">{msg.bridgePlatform[app]}</span>
        </div>
      </header>
      <CopyField label={msg.bridgeUrlLabel} value={url} />
      <div className="flex flex-col gap-1">
        <CopyField label={msg.bridgeHeaderLabel} value={`Bearer ${token ?? 'YOUR_TOKEN'}`} />
        <p className="text-xs text-muted-foreground">
          {msg.bridgeHeaderName} {token ? null : msg.bridgeTokenPlaceholder}
        </p>
      </div>
      <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm leading-relaxed">
        {msg.bridgeSteps[app].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-sm font-medium" data-testid={`last-delivery-${app}`}>
        {lastDelivery
          ? msg.bridgeLastDelivery(formatShortDateTime(lastDelivery, timeZone))
          : msg.bridgeNoDelivery}
      </p>
    </article>
  );
}
