/** Admin Subscriptions and Notifications (decision 0021): read-only lists and the reminder trigger. */
import { and, desc, eq } from 'drizzle-orm';
import { NOTIFICATION_LOG_LIMIT, type NotificationStatus } from '@shared/constants';
import type {
  AdminNotificationsPage,
  AdminRemindersTriggered,
  AdminSubscriptionsPage,
} from '@shared/api-types';
import { isSubscribed } from '@shared/domain/subscription';
import { notificationLogs, profiles, subscriptions } from '../../db/schema';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { sendDueReminders } from '../notifications/service';
import { ADMIN_PAGE_SIZE, olderThan, pageOf, readCursor } from './paging';

/** Subscriptions, newest first, a page at a time (decision 0039). */
export async function listSubscriptions(
  ctx: ServiceContext,
  input: { cursor?: string },
): Promise<AdminSubscriptionsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const rows = await ctx.db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      userName: profiles.displayName,
      status: subscriptions.status,
      comp: subscriptions.comp,
      stripeCustomerId: subscriptions.stripeCustomerId,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .leftJoin(profiles, eq(profiles.id, subscriptions.userId))
    .where(olderThan(subscriptions.createdAt, subscriptions.id, after))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows);
  return {
    subscriptions: page.rows.map((r) => ({
      ...r,
      // Decision 0034: free time or a plan that had an end, now over (a comp at hand on the screen).
      accessEnded: !isSubscribed(r.status) && r.currentPeriodEnd !== null,
      currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Notification logs, newest first, the spec's 100 a page, optionally of one send status (index
 * notification_logs_status_idx).
 */
export async function listNotifications(
  ctx: ServiceContext,
  input: { status?: NotificationStatus; cursor?: string },
): Promise<AdminNotificationsPage> {
  requireAdmin(ctx);
  const after = readCursor(input.cursor);
  const rows = await ctx.db
    .select({
      id: notificationLogs.id,
      subject: notificationLogs.subject,
      bodyPreview: notificationLogs.bodyPreview,
      sendStatus: notificationLogs.sendStatus,
      scheduledFor: notificationLogs.scheduledFor,
      sentAt: notificationLogs.sentAt,
      createdAt: notificationLogs.createdAt,
    })
    .from(notificationLogs)
    .where(
      and(
        input.status ? eq(notificationLogs.sendStatus, input.status) : undefined,
        olderThan(notificationLogs.createdAt, notificationLogs.id, after),
      ),
    )
    .orderBy(desc(notificationLogs.createdAt), desc(notificationLogs.id))
    .limit(NOTIFICATION_LOG_LIMIT + 1);
  const page = pageOf(rows, NOTIFICATION_LOG_LIMIT);
  return {
    notifications: page.rows.map((r) => ({
      ...r,
      scheduledFor: r.scheduledFor?.toISOString() ?? null,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * 'Trigger Daily Reminders': the notifications service's run, now (it audits the trigger itself),
 * with how many went out and how many members are still due later today at their own hour.
 */
export async function triggerDailyReminders(ctx: ServiceContext): Promise<AdminRemindersTriggered> {
  requireAdmin(ctx);
  const { reminders, trialNotices, dueLaterToday } = await sendDueReminders(ctx);
  return { reminders, trialNotices, dueLaterToday };
}
