import { and, desc, eq, notInArray } from 'drizzle-orm';
import { BRIDGE_APPS, SYNC_LOG_SIZE, type BridgeApp, type SyncOutcome } from '@shared/constants';
import type { SyncLogEntryView, SyncLogResponse } from '@shared/api-types';
import type { DbOrTx } from '../db/client';
import { bridgeDeliveries } from '../db/schema';

// The sync log (issue 45, decision 0107): a member's last SYNC_LOG_SIZE deliveries, newest first.

/** The member's sync log and each app's last delivery, as the Connections page shows them. */
export async function syncLogOf(db: DbOrTx, userId: string): Promise<SyncLogResponse> {
  const rows = await db
    .select()
    .from(bridgeDeliveries)
    .where(eq(bridgeDeliveries.userId, userId))
    .orderBy(desc(bridgeDeliveries.receivedAt), desc(bridgeDeliveries.id))
    .limit(SYNC_LOG_SIZE);
  const deliveries: SyncLogEntryView[] = rows.map((r) => ({
    id: r.id,
    app: r.app as BridgeApp,
    receivedAt: r.receivedAt.toISOString(),
    outcome: r.outcome as SyncOutcome,
    detail: r.detail,
  }));
  const lastDelivery = Object.fromEntries(
    BRIDGE_APPS.map((app) => [app, deliveries.find((d) => d.app === app)?.receivedAt ?? null]),
  ) as Record<BridgeApp, string | null>;
  return { deliveries, lastDelivery };
}

/** Deletes the member's deliveries beyond the newest SYNC_LOG_SIZE. */
export async function trimSyncLog(db: DbOrTx, userId: string): Promise<void> {
  const newest = db
    .select({ id: bridgeDeliveries.id })
    .from(bridgeDeliveries)
    .where(eq(bridgeDeliveries.userId, userId))
    .orderBy(desc(bridgeDeliveries.receivedAt), desc(bridgeDeliveries.id))
    .limit(SYNC_LOG_SIZE);
  await db
    .delete(bridgeDeliveries)
    .where(and(eq(bridgeDeliveries.userId, userId), notInArray(bridgeDeliveries.id, newest)));
}

/** The member's whole sync log for the data export (at most SYNC_LOG_SIZE rows). */
export async function syncLogForExport(db: DbOrTx, userId: string) {
  return (await syncLogOf(db, userId)).deliveries;
}
