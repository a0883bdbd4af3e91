import { sql } from 'drizzle-orm';
import {
  CYCLE_LENGTH_DAYS,
  REVIEW_DAYS_PER_WEEK,
  REVIEW_EMAIL_CATCH_UP_DAYS,
  REVIEW_WEEKS,
  PAUSE_DAYS_PER_CYCLE,
} from '@shared/constants';
import { greetingName } from '@shared/domain/display';
import { daysBetween, localDateIn } from '@shared/domain/local-date';
import { newestOpenWeek, reviewWeekDays } from '@shared/domain/review-weeks';
import { queryRows, type DbOrTx } from '../../db/client';
import { notificationClaims } from '../../db/schema';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { runWithLocale } from '../../lib/locale';
import { weeklyReviewMail } from '../../lib/mail-templates/review';
import { reminderResults } from '../../lib/metrics';
import { sendPush } from '../../lib/push';
import { localHourIn } from '../../queries/time-zone';
import { sendEach } from '../../lib/send-each';
import { zoneAt } from '../../queries/time-zone';
import { memberCyclesAndZone, readWeeklyReview } from '../../queries/review';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';

// The weekly review e-mail (decision 0049): one job function, `run(ctx, now)`, so it moves onto a
// job runner unchanged. Each member's newest open review goes out once, at their reminder hour on
// the day after its week ends, by e-mail (its own setting) and by push where push nudges are on.
// Claimed in notification_claims before it is sent: any number of processes send it once. After
// downtime only the newest review is owed, so a member never gets a pile.

export const WEEKLY_REVIEW_JOB = 'weekly-review';

/** A member owed a weekly review, and which week (owedReviews). */
export interface OwedReview {
  user_id: string;
  email: string;
  display_name: string | null;
  first_name: string | null;
  /** The member's language (decision 0119): the review mail and push are written in it. */
  language: string | null;
  unit_pref: string | null;
  reminder_hour: number;
  weekly_review_email: boolean;
  push_nudges: boolean;
  /** The zone the member's day is counted in now (a pending zone once its instant has come). */
  zone: string;
  cycle_id: string;
  start_date: string;
  week: number;
}

export const weeklyReviewKey = (cycleId: string, week: number) =>
  `weekly_review:${cycleId}:${week}`;

/** Whether the newest review of a cycle is owed at `now`, and which week. */
export function weeklyReviewDue(
  input: {
    startDate: string;
    timeZone: string;
    reminderHour: number;
    /** The cycle's paused dates: no days of it, so its weeks end later (decision 0099). */
    pausedDates?: readonly string[];
  },
  now: Date,
): number {
  const today = localDateIn(now, input.timeZone);
  const paused = input.pausedDates ?? [];
  const week = newestOpenWeek(input.startDate, today, paused);
  if (week === 0) return 0;
  // Days of the cycle since the week's last day: the dates between, less the paused ones.
  const ended = daysBetween(input.startDate, today) - paused.filter((d) => d < today).length;
  const since = ended - reviewWeekDays(week).lastDay + 1;
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
 * Sends the weekly reviews due at `now`; answers how many members were sent one. Who is owed which
 * week is decided in SQL (`owedReviews`, issue 48), in each member's zone: a page holds owed
 * reviews only, so a run where nobody is owed reads one statement's worth and sends nothing, where
 * the job once judged every candidate page by page in JavaScript. A page's reviews go out 16 at a
 * time (REVIEW_SEND_CONCURRENCY); memory stays at one page whatever the member count.
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
    const page = await owedReviews(ctx.db, now, after, pageSize);
    if (page.length === 0) break;
    after = page[page.length - 1].user_id;
    sent += await sendEach(
      ctx,
      page,
      {
        kind: 'weekly_review',
        failed: 'weekly review failed',
        concurrency: REVIEW_SEND_CONCURRENCY,
        userId: (member) => member.user_id,
      },
      (member) => runWithLocale(member.language, () => sendOne(ctx, member, now)),
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
 * Up to `pageSize` members owed a weekly review at `now`, after user id `after`, in user-id order:
 * verified, wanting the e-mail or push, on an active cycle whose newest open week ended at most
 * REVIEW_EMAIL_CATCH_UP_DAYS ago in their zone (the day after it only from their reminder hour), and
 * not yet claimed. The same rule as `weeklyReviewDue`, in SQL (a test holds the two equal).
 */
export function owedReviews(
  db: DbOrTx,
  now: Date,
  after: string,
  pageSize: number,
): Promise<OwedReview[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowDays = 13 * 7 + REVIEW_EMAIL_CATCH_UP_DAYS + 2;
  const today = now.toISOString().slice(0, 10);
  return queryRows<OwedReview>(
    db,
    sql`select u.id as user_id, u.email, p.display_name, p.first_name, p.language, p.unit_pref,
          s.reminder_hour, s.weekly_review_email, s.push_nudges, z.zone,
          c.id as cycle_id, c.start_date::text as start_date, w.week
        from user_settings s
        join "user" u on u.id = s.user_id and u.email_verified
        join cycles c on c.user_id = u.id and c.is_active
        left join profiles p on p.id = u.id
        cross join lateral (select ${zoneAt(at)} as zone) z
        cross join lateral (select (${at} at time zone z.zone) as wall) clock
        -- The day of the cycle: paused dates are none (decision 0099).
        cross join lateral (select clock.wall::date - c.start_date + 1
                              - cardinality(array(select p from unnest(c.paused_dates) p
                                                  where p < clock.wall::date)) as day) d
        cross join lateral (
          select case when d.day > ${CYCLE_LENGTH_DAYS}::int then ${REVIEW_WEEKS}::int
                      else greatest(0, least(${REVIEW_WEEKS - 1}::int, (d.day - 1) / ${REVIEW_DAYS_PER_WEEK}::int))
                 end as week) w
        cross join lateral (
          select d.day - (case when w.week = ${REVIEW_WEEKS}::int
                   then ${CYCLE_LENGTH_DAYS}::int else ${REVIEW_DAYS_PER_WEEK}::int * w.week end) as since) e
        where (s.weekly_review_email or s.push_nudges)
          and s.user_id > ${after}
          and c.start_date between ${today}::date - ${windowDays + PAUSE_DAYS_PER_CYCLE}::int and ${today}::date - 6
          and w.week > 0
          and e.since <= ${REVIEW_EMAIL_CATCH_UP_DAYS}::int
          and (e.since > 1 or extract(hour from clock.wall) >= s.reminder_hour)
          and not exists (select 1 from notification_claims n
                          where n.key = 'weekly_review:' || c.id || ':' || w.week)
        order by s.user_id
        limit ${pageSize}`,
  );
}

async function sendOne(ctx: ServiceContext, member: OwedReview, now: Date): Promise<boolean> {
  const { week, zone: timeZone } = member;
  const key = weeklyReviewKey(member.cycle_id, week);
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
  const path = pagePath('app-review-week', { cycle: cycle.id, week });
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
      title: msg.push.reviewTitle(review.final, week),
      body: msg.push.reviewBody(
        review.checkins.value,
        review.final ? review.lastDay : review.days.length,
      ),
      url: path,
      tag: `weekly-review-${week}`,
    });
    delivered ||= devices > 0;
  }
  return delivered;
}
