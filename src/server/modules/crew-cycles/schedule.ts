import { sql } from 'drizzle-orm';
import type { CrewCycleState } from '@shared/api-types';
import type { CrewCycleRulesInput, CrewCycleScheduleInput } from '@shared/domain/schemas';
import { crewCycleLastDate, rulesLocked, startDateAllowed } from '@shared/domain/crew-cycle';
import { localDateIn, type LocalDate } from '@shared/domain/local-date';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { crewCyclesOf, memberZone, type CrewCycleRow } from '../../queries/crew-cycles';
import { crewCycleState, memberCrew, type CrewRef } from './state';

// The owner schedules "our 90 days start on" (decision 0114): a date from their today to 60 days
// ahead, the mode and an optional goal, all changeable (or cancelled) until Day 1 begins in UTC+14;
// then the server refuses every change.

/** The crew, locked, when the caller owns it: 404 for a non-member, 403 for a member. */
async function ownedCrew(ctx: ServiceContext, crewId: string) {
  const found = await memberCrew(ctx, crewId, { lock: true });
  if (found.crew.ownerId !== found.userId) throw new AppError('forbidden', msg.crewOwnerOnly);
  return found;
}

async function ownerToday(ctx: ServiceContext, userId: string): Promise<LocalDate> {
  const now = ctx.now();
  return localDateIn(now, await memberZone(ctx.db, userId, now.toISOString()));
}

/** Refuses a start date out of the owner's range, or one whose 90 days meet another cycle's. */
function assertStartAllowed(
  startDate: LocalDate,
  today: LocalDate,
  others: readonly CrewCycleRow[],
): void {
  if (!startDateAllowed(startDate, today))
    throw new AppError('validation_failed', msg.crewCycleStartInvalid);
  const last = crewCycleLastDate(startDate);
  const met = others.find(
    (c) => c.startDate <= last && crewCycleLastDate(c.startDate) >= startDate,
  );
  if (met)
    throw new AppError(
      'conflict',
      msg.crewCycleOverlaps(formatWeekdayDate(crewCycleLastDate(met.startDate))),
    );
}

type OwnedCrew = { crew: CrewRef; userId: string };

/** The owner's change, in one transaction under the crew's lock; answers the crew page's cycles. */
async function asOwner(
  ctx: ServiceContext,
  crewId: string,
  change: (ctx: ServiceContext, owned: OwnedCrew) => Promise<void>,
): Promise<CrewCycleState> {
  const owned = await withTransaction(ctx, async (ctx) => {
    const found = await ownedCrew(ctx, crewId);
    await change(ctx, found);
    return found;
  });
  return crewCycleState(ctx, owned.crew, owned.userId);
}

/** POST /api/crews/:id/cycles. */
export function scheduleCrewCycle(
  ctx: ServiceContext,
  input: { crewId: string } & CrewCycleScheduleInput,
): Promise<CrewCycleState> {
  return asOwner(ctx, input.crewId, async (ctx, { crew, userId }) => {
    const today = await ownerToday(ctx, userId);
    const all = await crewCyclesOf(ctx.db, crew.id);
    if (all.some((c) => c.startDate > today))
      throw new AppError('conflict', msg.crewCycleAlreadyScheduled);
    assertStartAllowed(input.startDate, today, all);
    await ctx.db.execute(
      sql`insert into crew_cycles (crew_id, start_date, mode, goal_minutes, created_by, created_at)
          values (${crew.id}::uuid, ${input.startDate}::date, ${input.mode}, ${input.goalMinutes},
                  ${userId}, ${ctx.now().toISOString()}::timestamptz)`,
    );
  });
}

/** The crew's cycle `crewCycleId` while its rules may change, else 404 or 409. */
async function openCycle(ctx: ServiceContext, crewId: string, crewCycleId: string) {
  const all = await crewCyclesOf(ctx.db, crewId);
  const cycle = all.find((c) => c.id === crewCycleId);
  if (!cycle) throw new AppError('not_found', msg.crewCycleNotFound);
  if (rulesLocked(cycle.startDate, ctx.now()))
    throw new AppError('conflict', msg.crewCycleRulesLocked);
  return { cycle, others: all.filter((c) => c.id !== cycle.id) };
}

/** PATCH /api/crews/:id/cycles/:cycleId: the start date, mode or goal, before Day 1 begins. */
export function changeCrewCycleRules(
  ctx: ServiceContext,
  input: { crewId: string; crewCycleId: string } & CrewCycleRulesInput,
): Promise<CrewCycleState> {
  return asOwner(ctx, input.crewId, async (ctx, { crew, userId }) => {
    const { cycle, others } = await openCycle(ctx, crew.id, input.crewCycleId);
    const startDate = input.startDate ?? cycle.startDate;
    if (input.startDate !== undefined)
      assertStartAllowed(startDate, await ownerToday(ctx, userId), others);
    const goal = input.goalMinutes === undefined ? cycle.goalMinutes : input.goalMinutes;
    await ctx.db.execute(
      sql`update crew_cycles set start_date = ${startDate}::date,
            mode = ${input.mode ?? cycle.mode}, goal_minutes = ${goal}
          where id = ${cycle.id}::uuid`,
    );
  });
}

/** DELETE /api/crews/:id/cycles/:cycleId: the owner cancels a cycle before Day 1 begins. */
export function cancelCrewCycle(
  ctx: ServiceContext,
  input: { crewId: string; crewCycleId: string },
): Promise<CrewCycleState> {
  return asOwner(ctx, input.crewId, async (ctx, { crew }) => {
    const { cycle } = await openCycle(ctx, crew.id, input.crewCycleId);
    await ctx.db.execute(sql`delete from crew_cycles where id = ${cycle.id}::uuid`);
  });
}
