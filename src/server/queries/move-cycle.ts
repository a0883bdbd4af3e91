import { and, eq, gte, sql } from 'drizzle-orm';
import type { StreakMode } from '@shared/constants';
import type { LocalDate } from '@shared/domain/local-date';
import type { DbOrTx } from '../db/client';
import { checkins, cycles } from '../db/schema';
import { refreshCycleStats } from './cycle-stats';

/**
 * A member's cycle moves to a crew's (issue 44, decision 0114), in the caller's transaction: the
 * active cycle ends (it stays in their history) and a new one starts on `startDate` (on or before
 * their today) in `mode`. Their check-ins dated on or after `startDate` go with them, renumbered in
 * the new cycle, so a check-in made on Day 1 before the move (or before the switch at Day 1) counts
 * there. A building block: the caller authorizes. Answers the new cycle's id.
 */
export async function moveCycleTo(
  db: DbOrTx,
  input: { userId: string; startDate: LocalDate; mode: StreakMode; now: Date },
): Promise<string> {
  const [old] = await db
    .select({ id: cycles.id })
    .from(cycles)
    .where(and(eq(cycles.userId, input.userId), eq(cycles.isActive, true)))
    .for('update');
  if (old)
    await db
      .update(cycles)
      .set({ isActive: false, endedAt: input.now })
      .where(eq(cycles.id, old.id));
  const [made] = await db
    .insert(cycles)
    .values({
      userId: input.userId,
      startDate: input.startDate,
      mode: input.mode,
      createdAt: input.now,
    })
    .returning({ id: cycles.id });
  if (old)
    await db
      .update(checkins)
      .set({
        cycleId: made.id,
        dayNumber: sql`(${checkins.localDate} - ${input.startDate}::date) + 1`,
      })
      .where(and(eq(checkins.cycleId, old.id), gte(checkins.localDate, input.startDate)));
  await refreshCycleStats(db, old ? [old.id, made.id] : [made.id]);
  return made.id;
}
