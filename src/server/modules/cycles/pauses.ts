import { and, asc, eq, gte } from 'drizzle-orm';
import { PAUSE_DAYS_PER_CYCLE, STREAK_MODE_CHOICE_DAYS } from '@shared/constants';
import type { CycleChangedResponse } from '@shared/api-types';
import { cyclePosition, dateOfDay } from '@shared/domain/cycle-position';
import { addDays, daysBetween, localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { PauseInput, StreakModeInput } from '@shared/domain/streak-schemas';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { checkins, cyclePauses, cycles } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { activeCycle, memberTimeZone } from '../../queries/cycles';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { crewCycleHolding } from '../../queries/crew-cycles';

// A cycle's mode and pauses (issue 43, decisions 0098 and 0099). Each verb locks the member's active
// cycle, checks the rule's limits in the member's zone, writes, recomputes what the streak rule keeps
// on the cycle, and answers the cycle as home shows it. Admins see each pause in the audit trail.

type CycleRow = typeof cycles.$inferSelect;

/** The member's active cycle (made if they have none), locked, and their today. */
async function lockedCycle(ctx: ServiceContext, userId: string) {
  const now = ctx.now();
  const { id } = await activeCycle(ctx.db, userId, now);
  const [cycle] = await ctx.db.select().from(cycles).where(eq(cycles.id, id)).for('update');
  const today = localDateIn(now, await memberTimeZone(ctx.db, userId, now));
  return { cycle, today };
}

const answer = async (ctx: ServiceContext, userId: string) => ({
  cycle: await activeCycle(ctx.db, userId, ctx.now()),
});

/**
 * Chooses the cycle's streak mode: forgiving or strict. Only on its first STREAK_MODE_CHOICE_DAYS
 * days (or before its Day 1), and strict only without a pause under way or planned.
 */
export async function setStreakMode(
  ctx: ServiceContext,
  input: StreakModeInput,
): Promise<CycleChangedResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const { cycle, today } = await lockedCycle(ctx, member.userId);
    if (cycle.mode === input.mode) return answer(ctx, member.userId);
    // A crew cycle set every member's mode when it was scheduled (issue 44, decision 0114).
    const crewCycle = await crewCycleHolding(ctx.db, cycle.id);
    if (crewCycle)
      throw new AppError('validation_failed', msg.crewCycleModeHeld(crewCycle.crewName));
    const lastChoiceDate = dateOfDay(cycle.startDate, cycle.pausedDates, STREAK_MODE_CHOICE_DAYS);
    if (today > lastChoiceDate) throw new AppError('validation_failed', msg.streakModeLocked);
    if (input.mode === 'strict' && cycle.pausedDates.some((d) => d >= today))
      throw new AppError('validation_failed', msg.streakModeStrictPaused);
    await ctx.db.update(cycles).set({ mode: input.mode }).where(eq(cycles.id, cycle.id));
    await refreshCycleStats(ctx.db, [cycle.id]);
    ctx.caches.board.forgetAfterCommit(ctx);
    return answer(ctx, member.userId);
  });
}

/**
 * Pauses the cycle for `days` days from `startDate` (today or later, never backdated), within the
 * cycle and its limit of PAUSE_DAYS_PER_CYCLE paused days; forgiving cycles only. A pause that
 * starts today needs today not checked in (a check-in counts for a day of the cycle).
 */
export async function pauseCycle(
  ctx: ServiceContext,
  input: PauseInput,
): Promise<CycleChangedResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const { cycle, today } = await lockedCycle(ctx, member.userId);
    const endDate = addDays(input.startDate, input.days - 1);
    await assertPauseAllowed(ctx.db, cycle, today, input.startDate, endDate);
    const [pause] = await ctx.db
      .insert(cyclePauses)
      .values({
        cycleId: cycle.id,
        userId: member.userId,
        startDate: input.startDate,
        endDate,
        createdAt: ctx.now(),
      })
      .returning({ id: cyclePauses.id });
    await refreshCycleStats(ctx.db, [cycle.id]);
    await audit(ctx, {
      action: 'cycle.pause',
      target: { type: 'cycle', id: cycle.id },
      after: { pauseId: pause.id, startDate: input.startDate, endDate, userId: member.userId },
    });
    ctx.caches.board.forgetAfterCommit(ctx);
    return answer(ctx, member.userId);
  });
}

async function assertPauseAllowed(
  db: DbOrTx,
  cycle: CycleRow,
  today: LocalDate,
  startDate: LocalDate,
  endDate: LocalDate,
): Promise<void> {
  const refuse = (message: string) => {
    throw new AppError('validation_failed', message);
  };
  if (cycle.mode === 'strict') refuse(msg.pauseStrict);
  if (startDate < today) refuse(msg.pauseBackdated);
  const position = cyclePosition(cycle.startDate, cycle.pausedDates, startDate);
  if (!position.started || position.complete) refuse(msg.pauseOutsideCycle);
  const asked = daysBetween(startDate, endDate) + 1;
  const left = PAUSE_DAYS_PER_CYCLE - cycle.pausedDays;
  if (cycle.pausedDates.some((d) => d >= startDate && d <= endDate)) refuse(msg.pauseOverlaps);
  if (asked > left) refuse(msg.pauseTooLong(left));
  if (startDate === today) {
    const [checkedIn] = await db
      .select({ id: checkins.id })
      .from(checkins)
      .where(and(eq(checkins.userId, cycle.userId), eq(checkins.localDate, today)))
      .limit(1);
    if (checkedIn) refuse(msg.pauseCheckedInToday);
  }
}

/**
 * Ends the pause under way on the member's today (its days from today on are given back: the cycle
 * runs again today), or cancels the next one planned. 404 when there is none.
 */
export async function endPause(ctx: ServiceContext): Promise<CycleChangedResponse> {
  const member = requireMember(ctx);
  return withTransaction(ctx, async (ctx) => {
    const { cycle, today } = await lockedCycle(ctx, member.userId);
    const ended = await endPauseFrom(ctx, cycle.id, today);
    if (!ended) throw new AppError('not_found', msg.pauseNone);
    return answer(ctx, member.userId);
  });
}

/**
 * A building block of endPause and createCheckin (inside their transaction): ends the cycle's pause
 * that covers `today` or comes next, giving back its days from `today` on, with its audit record and
 * the rule's columns recomputed. False when the cycle has no such pause.
 */
export async function endPauseFrom(
  ctx: ServiceContext,
  cycleId: string,
  today: LocalDate,
): Promise<boolean> {
  const [pause] = await ctx.db
    .select()
    .from(cyclePauses)
    .where(and(eq(cyclePauses.cycleId, cycleId), gte(cyclePauses.endDate, today)))
    .orderBy(asc(cyclePauses.startDate))
    .limit(1);
  if (!pause) return false;
  const endDate = addDays(today, -1);
  if (pause.startDate > endDate)
    await ctx.db.delete(cyclePauses).where(eq(cyclePauses.id, pause.id));
  else
    await ctx.db
      .update(cyclePauses)
      .set({ endDate, endedEarlyAt: ctx.now() })
      .where(eq(cyclePauses.id, pause.id));
  await refreshCycleStats(ctx.db, [cycleId]);
  await audit(ctx, {
    action: 'cycle.pause_end',
    target: { type: 'cycle', id: cycleId },
    before: { pauseId: pause.id, startDate: pause.startDate, endDate: pause.endDate },
    after: pause.startDate > endDate ? null : { pauseId: pause.id, endDate },
  });
  ctx.caches.board.forgetAfterCommit(ctx);
  return true;
}
