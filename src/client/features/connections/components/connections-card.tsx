import { useId, useState } from 'react';
import { Smartphone, Trash2 } from 'lucide-react';
import type { ApiTokenView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatDate, formatShortDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { BridgeApps } from './bridge-apps';
import { ConnectionRecipes } from './connection-recipes';
import { CopyField } from './copy-field';
import { NewConnectionForm } from './new-connection-form';

/**
 * Settings → Connections (decisions 0044, 0045): personal access tokens for a phone automation that
 * sends today's steps and move minutes, the list of them with Revoke, the phone apps that send their
 * own payloads (issue 45) with the sync log, and the recipes.
 */
export function ConnectionsCard({ unitPref }: { unitPref: UnitPref }) {
  const id = useId();
  const tokens = useApiTokens();
  const [fresh, setFresh] = useState<string | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const full = (tokens.data?.tokens.length ?? 0) >= (tokens.data?.max ?? Infinity);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone aria-hidden className="size-5 text-accent-text" />
          {msg.connectionsCard.connections}
        </CardTitle>
        <CardDescription>{msg.connectionsCard.letYourPhoneFillIn}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {fresh && (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-xl border border-primary bg-primary/10 p-4"
          >
            <p className="text-sm font-semibold">{msg.connectionCreated}</p>
            <CopyField label={msg.connectionsCard.yourNewToken} value={fresh} />
            <Button
              type="button"
              variant="ghost"
              className="self-start"
              onClick={() => setFresh(null)}
            >
              {msg.connectionsCard.iHaveCopiedIt}
            </Button>
          </div>
        )}

        <NewConnectionForm id={id} full={full} onCreated={setFresh} />

        <TokenList tokens={tokens.data?.tokens} loading={tokens.isPending} />

        <BridgeApps origin={origin} token={fresh} unitPref={unitPref} />

        <section aria-labelledby={`${id}-recipes`} className="flex flex-col gap-3">
          <h3 id={`${id}-recipes`} className="text-sm font-semibold">
            {msg.connectionsCard.setUpYourPhone}
          </h3>
          <ConnectionRecipes origin={origin} token={fresh} />
        </section>
      </CardContent>
    </Card>
  );
}

function TokenList({ tokens, loading }: { tokens?: ApiTokenView[]; loading: boolean }) {
  const id = useId();
  const timeZone = useMemberTimeZone();
  const revoke = useRevokeApiToken();
  if (loading) return <p className="text-sm text-muted-foreground">{msg.loading}</p>;
  if (!tokens?.length) return null;
  const onRevoke = (token: ApiTokenView) => revoke.mutateAsync(token.id).catch(shownByMeta);
  return (
    <section aria-labelledby={`${id}-list`} className="flex flex-col gap-2">
      <h3 id={`${id}-list`} className="text-sm font-semibold">
        {msg.connectionsCard.yourConnections}
      </h3>
      <ul className="flex flex-col gap-2">
        {tokens.map((token) => (
          <li
            key={token.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border px-3 py-2"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="truncate font-medium">{token.name}</span>
              <span className="font-mono text-xs text-muted-foreground">
                {token.scopes.join(', ')}
              </span>
              <span className="text-xs text-muted-foreground">
                {msg.connectionsCard.createdOn(formatDate(token.createdAt, timeZone))} ·{' '}
                {token.lastUsedAt
                  ? msg.connectionsCard.lastUsed(formatShortDateTime(token.lastUsedAt, timeZone))
                  : msg.connectionsCard.neverUsed}
              </span>
            </div>
            <ConfirmButton
              type="button"
              variant="secondary"
              disabled={revoke.isPending}
              title={msg.connectionRevokeTitle(token.name)}
              description={msg.connectionRevokeConfirm}
              confirmLabel={msg.connectionRevoke}
              onConfirm={() => onRevoke(token)}
            >
              <Trash2 aria-hidden className="size-4" />
              {msg.connectionRevoke}
              <span className="sr-only"> {token.name}</span>
            </ConfirmButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
