import type { MyCycleView } from '@shared/api-types';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { weightSinceDayOne } from '../../queries/weight';
import { myCycleView } from './my-cycle';
import { activeCycle, activeCycleWithDays, replaceActiveCycle } from '../../queries/cycles';

/** My Cycle: the member's active cycle (started today if they have none) with its days and stats. */
export async function getMyCycle(ctx: ServiceContext): Promise<MyCycleView> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const { cycle, days, plans, weight } = await activeCycleWithDays(
    ctx.db,
    member.userId,
    now,
    member.timeZone,
  );
  const view = await myCycleView(ctx.db, cycle, { days, plans });
  return {
    ...view,
    weight: weight ?? (await weightSinceDayOne(ctx.db, member.userId, cycle, now)),
  };
}

/**
 * Start New Cycle: ends the active cycle and starts Day 1 on the member's today; earlier cycles and
 * their check-ins are kept. Answers with the new cycle's My Cycle view.
 */
export async function startNewCycle(ctx: ServiceContext): Promise<MyCycleView> {
  const member = requireMember(ctx);
  const now = ctx.now();
  return withTransaction(ctx, async (ctx) => {
    await replaceActiveCycle(ctx.db, member.userId, now);
    const cycle = await activeCycle(ctx.db, member.userId, now);
    const view = await myCycleView(ctx.db, cycle);
    return { ...view, weight: await weightSinceDayOne(ctx.db, member.userId, cycle, now) };
  });
}
