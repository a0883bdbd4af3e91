/**
 * The check-in services, and THE example of the service shape every module follows
 * (docs/decisions/0011-service-context.md):
 *
 * 1. An exported service is `verb(ctx: ServiceContext, input)`. Its first line is `requireMember(ctx)`
 *    (or `requireAdmin(ctx)`). The acting member is `requireMember(ctx).userId`: the input never
 *    carries the caller's own id, so no caller can act for someone else by changing an argument.
 * 2. It reads the time from `ctx.now()`, once, and passes that instant down; never `new Date()`.
 *    Tests, jobs and scripts set the clock by building their own context.
 * 3. It never imports Hono and never sees a request: the route parses the input with the shared zod
 *    schemas and passes plain values (an upload's body stream is a plain value too), and it sets
 *    headers and cookies from what the service returns.
 * 4. Every multi-step write runs in `withTransaction(ctx, async (ctx) => …)`, which joins a
 *    transaction the caller already opened; inside, only the inner `ctx` is used. Work for after the
 *    commit (clearing the feed cache) goes through `afterCommit`, so a rollback leaves no trace.
 * 5. Building blocks other services reuse (activeCycle, refreshCycleStats, awardStreakBadge, the feed
 *    SQL) are plain functions over `db: DbOrTx` with explicit arguments in src/server/queries/
 *    (queries/cycles.ts, queries/cycle-stats.ts, queries/streak-badge.ts), below every module. They
 *    do no authorization: only services that already did call them (decision 0102).
 * 6. The answer is a response type from src/shared/api-types.ts, defined once and read by the client.
 * 7. A refusal is an AppError carrying a sentence from src/shared/messages.ts.
 * 8. Per-member limits (`enforce`, lib/rate-limit.ts) are counted inside the write's transaction,
 *    so a refused or failed write uses nothing up.
 */
import { and, eq } from 'drizzle-orm';
import type { TodayResponse } from '@shared/api-types';
import { checkins } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { activeCycleWithToday } from '../../queries/cycles';
import { connectionActivityOn, recentActivityView } from '../../queries/connection-activity';
import { connectionFuelOn, recentFuelView } from '../../queries/fuel';
import { loadCheckinView } from './parts';

// The services by verb group (issue 28 item 6): create.ts, edit.ts, media.ts, updates.ts, list.ts; the steps
// they share in parts.ts. This file is the module's entry point and keeps the home screen's read.
export { createCheckin } from './create';
export { editCheckin } from './edit';
export { addCheckinMedia, addUpdateMedia, type UploadedFile } from './media';
export { createUpdate, discardUpdate } from './updates';
export { listCheckins, type ListedCheckin } from './list';

/** The home screen: the active cycle (made if needed) and today's check-in, if done. */
export async function getToday(ctx: ServiceContext): Promise<TodayResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  // By local date, not cycle day: after Start New Cycle, today's check-in still counts for today.
  const { cycle, todayCheckinId, todayActivity, todayFuel } = await activeCycleWithToday(
    ctx.db,
    member.userId,
    now,
  );
  let checkinId = todayCheckinId;
  if (checkinId === undefined) {
    const [row] = await ctx.db
      .select({ id: checkins.id })
      .from(checkins)
      .where(and(eq(checkins.userId, member.userId), eq(checkins.localDate, cycle.today)))
      .limit(1);
    checkinId = row?.id ?? null;
  }
  const [checkin, connection, fuel] = await Promise.all([
    checkinId ? loadCheckinView(ctx.db, checkinId, now) : null,
    todayActivity === undefined
      ? connectionActivityOn(ctx.db, member.userId, cycle.today)
      : todayActivity && recentActivityView(todayActivity),
    // A phone bridge's protein and water only start the form's boxes (issue 45): before the check-in.
    checkinId
      ? null
      : todayFuel === undefined
        ? connectionFuelOn(ctx.db, member.userId, cycle.today)
        : todayFuel && recentFuelView(todayFuel),
  ]);
  return { cycle, checkin, connection, fuel };
}
