/**
 * Steps and move minutes from a member's phone (decision 0045).
 *
 * - The numbers are for the member's today, in their own time zone at the instant they arrive.
 *   Sending again replaces them (idempotent). A phone that names the day (`date`) is refused when
 *   that day is not today: numbers counted for a day that has ended never land on the next one.
 * - Before the check-in they only wait: the form starts from them. A connection never makes a
 *   check-in, and never touches any day but today.
 * - After the check-in they may raise that day's steps and minutes (never lower them) until the
 *   member's day ends; the post then shows where they came from. The member's own 15-minute edit
 *   window is not touched: it still counts from the check-in's creation.
 */
import { and, eq } from 'drizzle-orm';
import type { ConnectionActivityView } from '@shared/api-types';
import { localDateIn } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { checkins, connectionActivity } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { memberTimeZone } from '../../queries/cycles';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { activityView } from '../../queries/connection-activity';

export interface ActivityInput {
  steps: number;
  moveMinutes: number;
  source: string;
  /** The local day the phone counted the numbers for (yyyy-MM-dd), if it says. */
  date?: string;
}

export interface ActivityResult {
  activity: ConnectionActivityView;
  /** Today's check-in as it stands after the numbers arrived; null before the check-in. */
  checkin: { id: string; steps: number; moveMinutes: number; raised: boolean } | null;
}

/** Stores today's numbers from a connection and raises today's check-in to them, if there is one. */
export async function putTodayActivity(
  ctx: ServiceContext,
  input: ActivityInput,
  options: { tokenId?: string } = {},
): Promise<ActivityResult> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const timeZone = await memberTimeZone(ctx.db, member.userId, now);
  const today = localDateIn(now, timeZone);
  if (input.date !== undefined && input.date < today)
    throw new AppError('conflict', msg.activityDayEnded, { today });
  if (input.date !== undefined && input.date > today)
    throw new AppError('conflict', msg.activityDayNotStarted, { today });
  const steps = Math.round(input.steps);
  const moveMinutes = Math.round(input.moveMinutes);
  const row = {
    userId: member.userId,
    localDate: today,
    steps,
    movedMinutes: moveMinutes,
    source: input.source,
    receivedAt: now,
    tokenId: options.tokenId ?? null,
  };
  return withTransaction(ctx, async (ctx) => {
    await ctx.db
      .insert(connectionActivity)
      .values(row)
      .onConflictDoUpdate({
        target: [connectionActivity.userId, connectionActivity.localDate],
        set: {
          steps: row.steps,
          movedMinutes: row.movedMinutes,
          source: row.source,
          receivedAt: row.receivedAt,
          tokenId: row.tokenId,
        },
      });
    const [checkin] = await ctx.db
      .select({
        id: checkins.id,
        cycleId: checkins.cycleId,
        steps: checkins.steps,
        movedMinutes: checkins.movedMinutes,
      })
      .from(checkins)
      .where(and(eq(checkins.userId, member.userId), eq(checkins.localDate, today)))
      .limit(1)
      .for('update');
    const activity = activityView(row);
    if (!checkin) return { activity, checkin: null };
    const raisedSteps = Math.max(checkin.steps, steps);
    const raisedMinutes = Math.max(checkin.movedMinutes, moveMinutes);
    const raised = raisedSteps !== checkin.steps || raisedMinutes !== checkin.movedMinutes;
    if (raised) {
      await ctx.db
        .update(checkins)
        .set({
          steps: raisedSteps,
          movedMinutes: raisedMinutes,
          activitySource: input.source,
          activityAt: now,
        })
        .where(eq(checkins.id, checkin.id));
      await refreshCycleStats(ctx.db, [checkin.cycleId]);
      invalidateFeedAfterCommit(ctx);
    }
    return {
      activity,
      checkin: { id: checkin.id, steps: raisedSteps, moveMinutes: raisedMinutes, raised },
    };
  });
}
