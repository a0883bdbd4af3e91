import { sql } from 'drizzle-orm';
import type { StreakMode } from '@shared/constants';
import { movedCycleStart } from '@shared/domain/crew-cycle';
import { addDays, type LocalDate } from '@shared/domain/local-date';
import { queryRows } from '../../db/client';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { waitingMoves } from '../../queries/crew-cycles';
import { moveCycleTo } from '../../queries/move-cycle';

// A member's cycle moves to the crew's (decision 0114): at once when they choose on or after their
// Day 1, or, chosen before it, as their Day 1 begins (the crew-cycles job, and any read of the crew's
// board, make the moves whose Day 1 has come).

/** Moves waiting for their Day 1 that one run of the job makes at most. */
const SWITCH_BATCH = 200;

/**
 * Moves `userId`'s cycle to the crew cycle (their choice row exists and waits), in the caller's
 * transaction: their new cycle starts on Day 1, or on the day they chose when later.
 */
export async function switchToCrewCycle(
  ctx: ServiceContext,
  move: {
    userId: string;
    crewCycleId: string;
    startDate: LocalDate;
    mode: StreakMode;
    chosenOn: LocalDate;
    now: Date;
  },
): Promise<void> {
  const cycleId = await moveCycleTo(ctx.db, {
    userId: move.userId,
    startDate: movedCycleStart(move.startDate, move.chosenOn),
    mode: move.mode,
    now: move.now,
  });
  // The community board's cached pages hold the member's old cycle.
  ctx.caches.board.forgetAfterCommit(ctx);
  await ctx.db.execute(
    sql`update crew_cycle_members set cycle_id = ${cycleId}::uuid
        where crew_cycle_id = ${move.crewCycleId}::uuid and user_id = ${move.userId}`,
  );
}

/**
 * Makes the moves chosen before Day 1 whose Day 1 has begun in their member's zone (of one crew
 * cycle, or all), each in its own transaction under a lock on its choice row, so two processes (or
 * a read and the job) never move one member twice. Answers how many moved.
 */
export async function switchWaitingMoves(
  ctx: ServiceContext,
  options: { crewCycleId?: string; batch?: number } = {},
): Promise<number> {
  const { batch = SWITCH_BATCH, ...which } = options;
  const now = ctx.now();
  // Day 1 has begun somewhere only once UTC's date is at most a day before it.
  const through = addDays(now.toISOString().slice(0, 10), 1);
  let moved = 0;
  for (;;) {
    const waiting = await waitingMoves(ctx.db, now.toISOString(), through, {
      ...which,
      limit: batch,
    });
    const movedBefore = moved;
    for (const w of waiting) {
      await withTransaction(ctx, async (ctx) => {
        const [still] = await queryRows(
          ctx.db,
          sql`select 1 from crew_cycle_members
              where crew_cycle_id = ${w.crewCycleId}::uuid and user_id = ${w.userId}
                and choice = 'move' and cycle_id is null
              for update skip locked`,
        );
        if (!still) return;
        await switchToCrewCycle(ctx, { ...w, now });
        moved += 1;
      });
    }
    // A batch another process took whole (its rows locked) moved nothing here: leave it to them.
    if (waiting.length < batch || moved === movedBefore) return moved;
  }
}
