import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE, REVIEW_EMAIL_CATCH_UP_DAYS } from '@shared/constants';
import { greetingName } from '@shared/domain/display';
import { daysBetween, isValidTimeZone, localDateIn } from '@shared/domain/local-date';
import { dateOfDay, newestOpenWeek, reviewWeekDays } from '@shared/domain/review-weeks';
import { queryRows } from '../../db/client';
import { notificationClaims } from '../../db/schema';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { weeklyReviewMail } from '../../lib/mail-templates/review';
import { reminderResults } from '../../lib/metrics';
import { sendPush } from '../../lib/push';
import { localHourIn } from '../notifications/reminder-due';
import { sendEach } from '../notifications/send-each';
import { effectiveTimeZone } from '../profile/time-zone';
import { memberCyclesAndZone, readWeeklyReview } from './queries';

// The weekly review e-mail (decision 0049): one job function, `run(ctx, now)`, so it moves onto a
// job runner unchanged. Each member's newest open review goes out once, at their reminder hour on
// the day after its week ends, by e-mail (its own setting) and by push where push nudges are on.
// Claimed in notification_claims before it is sent: any number of processes send it once. After
// downtime only the newest review is owed, so a member never gets a pile.

export const WEEKLY_REVIEW_JOB = 'weekly-review';

interface Candidate {
  user_id: string;
  email: string;
  display_name: string | null;
  first_name: string | null;
  unit_pref: string | null;
  reminder_hour: number;
  weekly_review_email: boolean;
  push_nudges: boolean;
  timezone: string;
  pending_timezone: string | null;
  pending_timezone_from: string | Date | null;
  cycle_id: string;
  start_date: string;
}

export const weeklyReviewKey = (cycleId: string, week: number) =>
  `weekly_review:${cycleId}:${week}`;

/** Whether the newest review of a cycle is owed at `now`, and which week. */
export function weeklyReviewDue(
  input: { startDate: string; timeZone: string; reminderHour: number },
  now: Date,
): number {
  const today = localDateIn(now, input.timeZone);
  const week = newestOpenWeek(input.startDate, today);
  if (week === 0) return 0;
  const lastDate = dateOfDay(input.startDate, reviewWeekDays(week).lastDay);
  const since = daysBetween(lastDate, today);
  if (since > REVIEW_EMAIL_CATCH_UP_DAYS) return 0;
  // The day after the week: from the member's reminder hour. Later days: at once (catch-up).
  if (since === 1 && localHourIn(now, input.timeZone) < input.reminderHour) return 0;
  return week;
}

/** Candidates read per page: what the job holds in memory at once, whatever the member count. */
export const WEEKLY_REVIEW_PAGE = 500;

/**
 * Reviews of a page read and sent at once, at most: their reads share statements (`batchedPer`), and
 * a slow mail server holds up 16 sends, not the whole page (as the daily reminders, decision 0050).
 */
export const REVIEW_SEND_CONCURRENCY = 16;

/**
 * Sends the weekly reviews due at `now`; answers how many members were sent one. The candidates are
 * read in pages in user-id order (keyset), and each page's claims are looked up by key: memory stays
 * at one page at 100,000 members (issue 33), where the job once read every candidate and every claim
 * of the last weeks at once, every five minutes, on every process. A page's reviews go out 16 at a
 * time (REVIEW_SEND_CONCURRENCY).
 */
export async function run(
  ctx: ServiceContext,
  now: Date,
  options: { pageSize?: number } = {},
): Promise<number> {
  requireAdmin(ctx);
  const pageSize = options.pageSize ?? WEEKLY_REVIEW_PAGE;
  let sent = 0;
  let after = '';
  for (;;) {
    const page = await candidatePage(ctx, now, after, pageSize);
    if (page.length === 0) break;
    after = page[page.length - 1].user_id;
    const owed = page.flatMap((member) => {
      const week = weekOwed(member, now);
      return week ? [{ member, week, key: weeklyReviewKey(member.cycle_id, week) }] : [];
    });
    const claimed = await claimedKeys(
      ctx,
      owed.map((o) => o.key),
    );
    sent += await sendEach(
      ctx,
      owed.filter(({ key }) => !claimed.has(key)),
      {
        kind: 'weekly_review',
        failed: 'weekly review failed',
        concurrency: REVIEW_SEND_CONCURRENCY,
        userId: ({ member }) => member.user_id,
      },
      ({ member, week, key }) => sendOne(ctx, member, week, key, now),
    );
    if (page.length < pageSize) break;
  }
  if (sent) {
    reminderResults.inc({ kind: 'weekly_review', outcome: 'sent' }, sent);
    ctx.logger.info({ sent }, 'weekly reviews sent');
  }
  return sent;
}

/**
 * One page of active cycles whose newest review can be owed (started 7 to ~100 days ago, a day's
 * slack for every zone), of members who want the e-mail or push, after user id `after`.
 */
function candidatePage(
  ctx: ServiceContext,
  now: Date,
  after: string,
  pageSize: number,
): Promise<Candidate[]> {
  const windowDays = 13 * 7 + REVIEW_EMAIL_CATCH_UP_DAYS + 2;
  const today = now.toISOString().slice(0, 10);
  return queryRows<Candidate>(
    ctx.db,
    sql`select u.id as user_id, u.email, p.display_name, p.first_name, p.unit_pref,
          s.reminder_hour, s.weekly_review_email, s.push_nudges, s.timezone, s.pending_timezone,
          s.pending_timezone_from, c.id as cycle_id, c.start_date::text as start_date
        from user_settings s
        join "user" u on u.id = s.user_id and u.email_verified
        join cycles c on c.user_id = u.id and c.is_active
        left join profiles p on p.id = u.id
        where (s.weekly_review_email or s.push_nudges)
          and s.user_id > ${after}
          and c.start_date between ${today}::date - ${windowDays}::int and ${today}::date - 6
        order by s.user_id
        limit ${pageSize}`,
  );
}

/** Of `keys`, those already claimed (sent, or being sent by another process). */
async function claimedKeys(ctx: ServiceContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.db
    .select({ key: notificationClaims.key })
    .from(notificationClaims)
    .where(inArray(notificationClaims.key, keys));
  return new Set(rows.map((r) => r.key));
}

/** The week whose review the member is owed at `now`, in their zone; 0 for none. */
function weekOwed(member: Candidate, now: Date): number {
  const timeZone = memberZone(member, now);
  return weeklyReviewDue(
    { startDate: member.start_date, timeZone, reminderHour: member.reminder_hour },
    now,
  );
}

function memberZone(member: Candidate, now: Date): string {
  return effectiveTimeZone(
    {
      timezone: isValidTimeZone(member.timezone) ? member.timezone : DEFAULT_SETTINGS_TIMEZONE,
      pendingTimezone: member.pending_timezone,
      pendingTimezoneFrom: member.pending_timezone_from
        ? new Date(member.pending_timezone_from)
        : null,
    },
    now,
  );
}

async function sendOne(
  ctx: ServiceContext,
  member: Candidate,
  week: number,
  key: string,
  now: Date,
): Promise<boolean> {
  const timeZone = memberZone(member, now);
  const inserted = await ctx.db
    .insert(notificationClaims)
    .values({ key, userId: member.user_id, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: notificationClaims.key });
  if (inserted.length === 0) return false;

  const { cycles } = await memberCyclesAndZone(ctx.db, member.user_id, now);
  const cycle = cycles.find((c) => c.id === member.cycle_id);
  if (!cycle) return false;
  const review = await readWeeklyReview(ctx.db, {
    userId: member.user_id,
    cycle,
    week,
    openWeeks: week,
    timeZone,
    unitPref: member.unit_pref === 'metric' ? 'metric' : 'imperial',
  });
  const path = `/app/review/${cycle.id}/${week}`;
  let delivered = false;
  if (member.weekly_review_email) {
    const result = await ctx.mailer.send(
      weeklyReviewMail(
        {
          to: member.email,
          userId: member.user_id,
          name: greetingName(member.first_name, member.display_name),
          url: `${ctx.config.publicUrl}${path}`,
          week,
          final: review.final,
          checkins: review.checkins.value,
          days: review.final ? review.lastDay : review.days.length,
          movedMinutes: review.movedMinutes.value,
          steps: review.steps.value,
          proteinDays: review.proteinDays.value,
          hydrationDays: review.hydrationDays.value,
          currentStreak: review.currentStreak,
          bestStreak: review.bestStreak,
        },
        ctx.mailer.nudgeLinks(member.user_id, 'weekly_review'),
      ),
    );
    delivered = result.ok;
  }
  if (member.push_nudges) {
    const devices = await sendPush(ctx, member.user_id, {
      title: review.final ? 'Your 90-day review is ready' : `Week ${week} review is ready`,
      body: `${review.checkins.value} of ${review.final ? review.lastDay : review.days.length} days checked in. See how it added up.`,
      url: path,
      tag: `weekly-review-${week}`,
    });
    delivered ||= devices > 0;
  }
  return delivered;
}
