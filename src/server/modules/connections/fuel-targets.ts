/**
 * Daily fuel targets (issue 45, decision 0108): the protein (grams) and water (millilitres) a member
 * aims for. When a phone bridge's totals for today meet one, today's Protein or Hydration box starts
 * ticked on the home form, naming the source; the member still sends the check-in.
 */
import type { FuelTargetsView } from '@shared/api-types';
import { fuelTargets } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { fuelTargetsOf } from '../../queries/fuel';

/** The member's fuel targets. */
export async function getFuelTargets(ctx: ServiceContext): Promise<FuelTargetsView> {
  const member = requireMember(ctx);
  return fuelTargetsOf(ctx.db, member.userId);
}

/** Sets both targets at once (null clears one). */
export async function saveFuelTargets(
  ctx: ServiceContext,
  input: FuelTargetsView,
): Promise<FuelTargetsView> {
  const member = requireMember(ctx);
  const row = { proteinG: input.proteinG, waterMl: input.waterMl, updatedAt: ctx.now() };
  await ctx.db
    .insert(fuelTargets)
    .values({ userId: member.userId, ...row })
    .onConflictDoUpdate({ target: fuelTargets.userId, set: row });
  return { proteinG: row.proteinG, waterMl: row.waterMl };
}
