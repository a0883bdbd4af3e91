import { sql } from 'drizzle-orm';
import type { CrewCycleChoice } from '@shared/constants';
import type { CrewCycleState } from '@shared/api-types';
import { crewCycleLastDate, joinWindowOpen } from '@shared/domain/crew-cycle';
import { localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { crewCyclesOf, memberZone } from '../../queries/crew-cycles';
import { crewCycleState, memberCrew } from './state';
import { switchToCrewCycle } from './switch';

// A member's choice on a crew cycle (decision 0114): move their cycle to it, or stay on their own.
// Nothing moves without it. A move is open until the end of Day 3 in the member's zone; chosen before
// their Day 1 it waits for it; chosen on Day 1 to 3 it happens at once.

/** PUT /api/crews/:id/cycles/:cycleId/choice. */
export async function chooseOnCrewCycle(
  ctx: ServiceContext,
  input: { crewId: string; crewCycleId: string; choice: CrewCycleChoice },
): Promise<CrewCycleState> {
  const { crew, userId } = await memberCrew(ctx, input.crewId);
  await withTransaction(ctx, async (ctx) => {
    // One member's choices one at a time: the checks below then see every earlier one.
    await ctx.db.execute(sql`select 1 from profiles where id = ${userId} for update`);
    const cycle = (await crewCyclesOf(ctx.db, crew.id)).find((c) => c.id === input.crewCycleId);
    if (!cycle) throw new AppError('not_found', msg.crewCycleNotFound);
    const now = ctx.now();
    const today = localDateIn(now, await memberZone(ctx.db, userId, now.toISOString()));
    const [mine] = await queryRows<{ choice: string; held: boolean }>(
      ctx.db,
      sql`select ccm.choice, coalesce(c.is_active, false) as held
          from crew_cycle_members ccm left join cycles c on c.id = ccm.cycle_id
          where ccm.crew_cycle_id = ${cycle.id}::uuid and ccm.user_id = ${userId}`,
    );
    if (today > crewCycleLastDate(cycle.startDate))
      throw new AppError('conflict', msg.crewCycleFinished);
    if (input.choice === 'stay') {
      if (mine?.held) throw new AppError('conflict', msg.crewCycleAlreadyMoved);
    } else {
      if (mine?.held) throw new AppError('conflict', msg.crewCycleAlreadyOnIt);
      if (!joinWindowOpen(cycle.startDate, today))
        throw new AppError('conflict', msg.crewCycleWindowClosed);
      const [elsewhere] = await queryRows<{ name: string }>(
        ctx.db,
        sql`select c.name from crew_cycle_members o
            join crew_cycles oc on oc.id = o.crew_cycle_id join crews c on c.id = oc.crew_id
            where o.user_id = ${userId} and o.choice = 'move' and o.cycle_id is null
              and o.crew_cycle_id <> ${cycle.id}::uuid`,
      );
      if (elsewhere) throw new AppError('conflict', msg.crewCycleMovingElsewhere(elsewhere.name));
    }
    await ctx.db.execute(
      sql`insert into crew_cycle_members (crew_cycle_id, crew_id, user_id, choice, chosen_on, chosen_at)
          values (${cycle.id}::uuid, ${crew.id}::uuid, ${userId}, ${input.choice}, ${today}::date, ${now.toISOString()}::timestamptz)
          on conflict (crew_cycle_id, user_id) do update set choice = excluded.choice,
            chosen_on = excluded.chosen_on, chosen_at = excluded.chosen_at, cycle_id = null`,
    );
    if (input.choice === 'move' && today >= cycle.startDate)
      await switchToCrewCycle(ctx, {
        userId,
        crewCycleId: cycle.id,
        startDate: cycle.startDate,
        mode: cycle.mode,
        chosenOn: today,
        now,
      });
  });
  return crewCycleState(ctx, crew, userId);
}
