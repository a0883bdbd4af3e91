import { and, eq, sql } from 'drizzle-orm';
import type { BridgeApp } from '@shared/constants';
import type { DbOrTx } from '../db/client';
import { bridgeSamples } from '../db/schema';

// A phone bridge's samples of the kept kinds (issue 45, decision 0106), summed per kind for a day.

/** The sums per kind of one app's samples for one of the member's days. */
export async function bridgeSampleSums(
  db: DbOrTx,
  params: { userId: string; app: BridgeApp; localDate: string },
): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: bridgeSamples.kind, total: sql<number>`sum(${bridgeSamples.amount})::float8` })
    .from(bridgeSamples)
    .where(
      and(
        eq(bridgeSamples.userId, params.userId),
        eq(bridgeSamples.app, params.app),
        eq(bridgeSamples.localDate, params.localDate),
      ),
    )
    .groupBy(bridgeSamples.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]));
}
