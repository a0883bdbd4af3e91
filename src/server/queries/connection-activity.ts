import { and, eq } from 'drizzle-orm';
import type { ActivitySourceView, ConnectionActivityView } from '@shared/api-types';
import type { DbOrTx } from '../db/client';
import { connectionActivity } from '../db/schema';
import type { RecentActivity } from './cycle-starts';

// What a connection sent (decision 0045), as the check-in, today and public API reads show it.

/** What a connection sent, as the cycle's start read it alongside (activeCycleWithToday). */
export function recentActivityView([
  localDate,
  steps,
  movedMinutes,
  source,
  receivedAt,
]: RecentActivity): ConnectionActivityView {
  return activityView({ localDate, steps, movedMinutes, source, receivedAt: new Date(receivedAt) });
}

/** What a connection sent for one of the member's days, or null. */
export async function connectionActivityOn(
  db: DbOrTx,
  userId: string,
  localDate: string,
): Promise<ConnectionActivityView | null> {
  const [row] = await db
    .select()
    .from(connectionActivity)
    .where(and(eq(connectionActivity.userId, userId), eq(connectionActivity.localDate, localDate)))
    .limit(1);
  return row ? activityView(row) : null;
}

/**
 * Where a new check-in's numbers came from: the connection's, when the member kept both of them as
 * the form filled them in; null when they typed their own.
 */
export function sourceOfNumbers(
  activity: ConnectionActivityView | null,
  numbers: { steps: number; movedMinutes: number },
): ActivitySourceView | null {
  if (!activity) return null;
  const kept = activity.steps === numbers.steps && activity.moveMinutes === numbers.movedMinutes;
  return kept ? { source: activity.source, at: activity.receivedAt } : null;
}

/** Where a check-in row's steps and minutes came from (null: the member typed them). */
export function activitySourceOf(row: {
  activitySource: string | null;
  activityAt: Date | null;
}): ActivitySourceView | null {
  return row.activitySource && row.activityAt
    ? { source: row.activitySource, at: row.activityAt.toISOString() }
    : null;
}

/** A stored day of a connection's numbers, as the member's apps read it. */
export function activityView(row: {
  localDate: string;
  steps: number;
  movedMinutes: number;
  source: string;
  receivedAt: Date;
}): ConnectionActivityView {
  return {
    date: row.localDate,
    steps: row.steps,
    moveMinutes: row.movedMinutes,
    source: row.source,
    receivedAt: row.receivedAt.toISOString(),
  };
}
