/** Admin Subscriptions and Notifications (decision 0021): read-only lists and the reminder trigger. */
import { desc, eq } from 'drizzle-orm';
import { NOTIFICATION_LOG_LIMIT, type NotificationStatus } from '@shared/constants';
import type { AdminNotificationView, AdminSubscriptionView } from '@shared/api-types';
import { isSubscribed } from '@shared/domain/subscription';
import { notificationLogs, profiles, subscriptions } from '../../db/schema';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { sendDueReminders, type DueRemindersResult } from '../notifications/service';

export async function listSubscriptions(ctx: ServiceContext): Promise<AdminSubscriptionView[]> {
  requireAdmin(ctx);
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
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    // Decision 0034: free time or a plan that had an end, now over (a comp at hand on the screen).
    accessEnded: !isSubscribed(r.status) && r.currentPeriodEnd !== null,
    currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The latest 100 notification logs, optionally of one send status (index notification_logs_status_idx). */
export async function listNotifications(
  ctx: ServiceContext,
  input: { status?: NotificationStatus },
): Promise<AdminNotificationView[]> {
  requireAdmin(ctx);
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
    .where(input.status ? eq(notificationLogs.sendStatus, input.status) : undefined)
    .orderBy(desc(notificationLogs.createdAt))
    .limit(NOTIFICATION_LOG_LIMIT);
  return rows.map((r) => ({
    ...r,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** 'Trigger Daily Reminders': the notifications service's run, now (it audits the trigger itself). */
export async function triggerDailyReminders(ctx: ServiceContext): Promise<DueRemindersResult> {
  requireAdmin(ctx);
  return sendDueReminders(ctx);
}
