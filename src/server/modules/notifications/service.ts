import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import { greetingName } from '@shared/domain/display';
import { isValidTimeZone } from '@shared/domain/local-date';
import { queryRows } from '../../db/client';
import { notificationClaims, userSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { DISPLAY_LOCALE } from '@shared/format';
import { currentLocale } from '@shared/i18n/translate';
import { runWithLocale } from '../../lib/locale';
import { accessEndingMail } from '../../lib/mail-templates/billing';
import { billingProviderKind } from '../../lib/billing-provider';
import { reminderResults } from '../../lib/metrics';
import { remindersLaterToday, sendDailyReminders } from './daily-reminders';
import type { UnsubscribeList } from '../../lib/tokens';

// The nudges (decision 0020): the daily reminder at each member's own hour (daily-reminders.ts,
// decision 0050); and the notice that free time is ending, an account mail sent to every member
// whatever their nudge settings (decision 0096). Both are claimed in notification_claims before they
// are sent, so any number of processes, and the admin's 'Trigger Daily Reminders', send each one at
// most once.

/** The ending notice goes out this many days before free time ends. */
export const TRIAL_NOTICE_DAYS = 3;
const DAY_MS = 86_400_000;

export interface DueRemindersResult {
  /** Daily reminders sent (handed to the mailer) by this run. */
  reminders: number;
  /** Trial-ending notices sent by this run. */
  trialNotices: number;
  /** Members owed today's reminder whose own reminder hour has not come yet. */
  dueLaterToday: number;
}

/** Claims `key` once for ever: true for the one caller whose insert made the row. */
async function claim(ctx: ServiceContext, key: string, userId: string): Promise<boolean> {
  const rows = await ctx.db
    .insert(notificationClaims)
    .values({ key, userId, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ key: notificationClaims.key });
  return rows.length === 1;
}

/**
 * Sends every daily reminder due now: members with e-mail nudges on, a cycle in progress, no check-in
 * yet today (their local date), whose reminder hour has come in their own time zone, and who have not
 * had today's reminder. Also sends trial-ending notices. The scheduler calls it every few minutes
 * (as the system), and an admin's 'Trigger Daily Reminders' calls it at once.
 */
export async function sendDueReminders(
  ctx: ServiceContext,
  options: { signal?: AbortSignal } = {},
): Promise<DueRemindersResult> {
  requireAdmin(ctx);
  if (ctx.actor.kind === 'admin') {
    await withTransaction(ctx, (tx) =>
      audit(tx, {
        action: 'notifications.trigger_reminders',
        target: { type: 'job', id: 'daily_reminders' },
      }),
    );
  }
  const reminders = await sendDailyReminders(ctx, options.signal);
  // Only the admin's trigger reports it: it reads every member owed later today.
  const dueLaterToday =
    ctx.actor.kind === 'admin' ? await remindersLaterToday(ctx.db, ctx.now()) : 0;
  const trialNotices = await sendTrialEndingNotices(ctx);
  reminderResults.inc({ kind: 'reminder', outcome: 'sent' }, reminders);
  reminderResults.inc({ kind: 'trial_notice', outcome: 'sent' }, trialNotices);
  if (reminders || trialNotices) ctx.logger.info({ reminders, trialNotices }, 'nudges sent');
  return { reminders, trialNotices, dueLaterToday };
}

/**
 * The ending notice, 3 days or less before free time ends (decisions 0020, 0034): a trial or free
 * months (trialing), once per subscription as before; an admin's month comp, once per member and
 * period end (a later comp is a new ending). The claim is made before the mail is sent, so any number
 * of scheduler processes send each one once. It is an account mail, not a nudge (decision 0096): it
 * goes whatever the member's nudge settings, and carries no unsubscribe link that could not stop it.
 */
async function sendTrialEndingNotices(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const rows = await queryRows<{
    claim_key: string;
    kind: 'trial' | 'comp';
    user_id: string;
    email: string;
    display_name: string | null;
    first_name: string | null;
    language: string | null;
    timezone: string;
    current_period_end: string | Date;
  }>(
    ctx.db,
    sql`select * from (
          select case when sub.status = 'trialing' then 'trial_ending:' || sub.id::text
                   else 'comp_ending:' || sub.id::text || ':'
                     || floor(extract(epoch from sub.current_period_end) * 1000)::bigint::text end as claim_key,
                 case when sub.status = 'trialing' then 'trial' else 'comp' end as kind,
                 u.id as user_id, u.email, p.display_name, p.first_name, p.language,
                 coalesce(s.timezone, ${DEFAULT_SETTINGS_TIMEZONE}) as timezone, sub.current_period_end
            from subscriptions sub
            join "user" u on u.id = sub.user_id and u.email_verified
            left join user_settings s on s.user_id = u.id
            left join profiles p on p.id = u.id
            where (sub.status = 'trialing'
                   or (sub.status = 'active' and sub.comp in ('1', '3', '6', '12')
                       and sub.stripe_subscription_id is null))
              and sub.current_period_end > ${now.toISOString()}::timestamptz
              and sub.current_period_end <= ${new Date(now.getTime() + TRIAL_NOTICE_DAYS * DAY_MS).toISOString()}::timestamptz
        ) due
        where not exists (select 1 from notification_claims n where n.key = due.claim_key)`,
  );
  let sent = 0;
  for (const row of rows) {
    if (!(await claim(ctx, row.claim_key, row.user_id))) continue;
    const timeZone = isValidTimeZone(row.timezone) ? row.timezone : DEFAULT_SETTINGS_TIMEZONE;
    // Written in the member's language, date included ('May 2', '2 de mayo'): decision 0119.
    const mail = runWithLocale(row.language, () => {
      const locale = currentLocale();
      const endsOn = new Intl.DateTimeFormat(locale === 'en' ? DISPLAY_LOCALE : locale, {
        timeZone,
        month: 'long',
        day: 'numeric',
      }).format(new Date(row.current_period_end));
      return accessEndingMail(
        {
          to: row.email,
          userId: row.user_id,
          name: greetingName(row.first_name, row.display_name),
          endsOn,
          kind: row.kind,
        },
        {
          publicUrl: ctx.config.publicUrl,
          provider: billingProviderKind(ctx.config),
          contact: ctx.config.billingContact,
        },
      );
    });
    const result = await ctx.mailer.send(mail);
    if (result.ok) sent += 1;
    else reminderResults.inc({ kind: 'trial_notice', outcome: 'failed' });
  }
  return sent;
}

function validLink(ctx: ServiceContext, input: UnsubscribeLink): boolean {
  if (
    input.userId &&
    input.signature &&
    ctx.mailer.verifyUnsubscribe(input.userId, input.signature, input.list)
  )
    return true;
  ctx.logger.warn(
    { userId: input.userId.slice(0, 64), ip: ctx.ip },
    'unsubscribe link refused: bad signature',
  );
  return false;
}

export interface UnsubscribeLink {
  userId: string;
  signature: string;
  /** What the link turns off: the daily nudges (the default) or the weekly review e-mail. */
  list?: UnsubscribeList;
}

/** Whether an unsubscribe link is one we signed (the page before the button). Changes nothing. */
export async function checkUnsubscribeLink(
  ctx: ServiceContext,
  input: UnsubscribeLink,
): Promise<{ ok: boolean }> {
  return { ok: validLink(ctx, input) };
}

/**
 * The unsubscribe link from a nudge mail: with a valid signature, e-mail nudges are turned off for
 * that member (no sign-in: the signature is the proof). A tampered link changes nothing and is logged.
 */
export async function unsubscribeFromNudges(
  ctx: ServiceContext,
  input: UnsubscribeLink,
): Promise<{ ok: boolean }> {
  if (!validLink(ctx, input)) return { ok: false };
  const weekly = input.list === 'weekly_review';
  await ctx.db
    .update(userSettings)
    .set({
      ...(weekly ? { weeklyReviewEmail: false } : { emailNudges: false }),
      updatedAt: ctx.now(),
    })
    .where(eq(userSettings.userId, input.userId));
  ctx.logger.info(
    { userId: input.userId, list: input.list ?? 'nudges' },
    'e-mail list turned off from the unsubscribe link',
  );
  return { ok: true };
}
