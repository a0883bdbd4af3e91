import { and, eq } from 'drizzle-orm';
import type { ConnectionFuelView, FuelTargetsView } from '@shared/api-types';
import type { DbOrTx } from '../db/client';
import { connectionFuel, fuelTargets } from '../db/schema';

// Fuel from a phone bridge (issue 45, decision 0108): the member's targets, and a day's protein and
// water measured against them.

/** The member's daily fuel targets; nulls when none are set. */
export async function fuelTargetsOf(db: DbOrTx, userId: string): Promise<FuelTargetsView> {
  const [row] = await db
    .select({ proteinG: fuelTargets.proteinG, waterMl: fuelTargets.waterMl })
    .from(fuelTargets)
    .where(eq(fuelTargets.userId, userId))
    .limit(1);
  return row ?? { proteinG: null, waterMl: null };
}

/** What a bridge summed for one of the member's days, against their targets; null if nothing came. */
export async function connectionFuelOn(
  db: DbOrTx,
  userId: string,
  localDate: string,
): Promise<ConnectionFuelView | null> {
  const [row] = await db
    .select({
      proteinG: connectionFuel.proteinG,
      waterMl: connectionFuel.waterMl,
      source: connectionFuel.source,
      receivedAt: connectionFuel.receivedAt,
      proteinTarget: fuelTargets.proteinG,
      waterTarget: fuelTargets.waterMl,
    })
    .from(connectionFuel)
    .leftJoin(fuelTargets, eq(fuelTargets.userId, connectionFuel.userId))
    .where(and(eq(connectionFuel.userId, userId), eq(connectionFuel.localDate, localDate)))
    .limit(1);
  if (!row) return null;
  const met = (amount: number | null, target: number | null) =>
    amount !== null && target !== null && amount >= target;
  return {
    date: localDate,
    proteinG: row.proteinG === null ? null : Math.round(row.proteinG),
    waterMl: row.waterMl === null ? null : Math.round(row.waterMl),
    source: row.source,
    receivedAt: row.receivedAt.toISOString(),
    proteinTargetMet: met(row.proteinG, row.proteinTarget),
    hydrationGoalMet: met(row.waterMl, row.waterTarget),
  };
}

/** The member's fuel days for the data export: protein and water only, day by day. */
export async function connectionFuelForExport(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(connectionFuel)
    .where(eq(connectionFuel.userId, userId))
    .orderBy(connectionFuel.localDate);
  return rows.map((r) => ({
    date: r.localDate,
    proteinG: r.proteinG,
    waterMl: r.waterMl,
    source: r.source,
    receivedAt: r.receivedAt.toISOString(),
  }));
}
