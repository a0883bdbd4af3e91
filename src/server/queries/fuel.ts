import { and, eq } from 'drizzle-orm';
import type { ConnectionFuelView, FuelTargetsView } from '@shared/api-types';
import type { DbOrTx } from '../db/client';
import { connectionFuel, fuelTargets } from '../db/schema';
import type { RecentFuel } from './cycle-starts';

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
      localDate: connectionFuel.localDate,
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
  return row
    ? recentFuelView([
        row.localDate,
        row.proteinG,
        row.waterMl,
        row.source,
        row.receivedAt.toISOString(),
        row.proteinTarget,
        row.waterTarget,
      ])
    : null;
}

/** A bridge's fuel for a day against the targets, as the cycle's start read it alongside (activeCycleWithToday). */
export function recentFuelView([
  date,
  proteinG,
  waterMl,
  source,
  receivedAt,
  proteinTarget,
  waterTarget,
]: RecentFuel): ConnectionFuelView {
  const met = (amount: number | null, target: number | null) =>
    amount !== null && target !== null && amount >= target;
  return {
    date,
    proteinG: proteinG === null ? null : Math.round(proteinG),
    waterMl: waterMl === null ? null : Math.round(waterMl),
    source,
    receivedAt: new Date(receivedAt).toISOString(),
    proteinTargetMet: met(proteinG, proteinTarget),
    hydrationGoalMet: met(waterMl, waterTarget),
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
