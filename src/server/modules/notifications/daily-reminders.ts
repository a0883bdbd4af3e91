import { sql } from 'drizzle-orm';
import { greetingName } from '@shared/domain/display';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { cyclePosition, keptStreakOn } from '@shared/domain/cycle-position';
import { msg } from '@shared/messages';
import type { LocalDate } from '@shared/domain/local-date';
import { queryRows, type DbOrTx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { runWithLocale } from '../../lib/locale';
import { dailyReminderMail } from '../../lib/mail-templates/nudges';
import { reminderLag } from '../../lib/metrics';
import { sendPush } from '../../lib/push';
import { secondsPastHour } from './reminder-due';
import { REMINDER_SEND_CONCURRENCY, sendEach } from '../../lib/send-each';
import { zoneAt } from '../../queries/time-zone';
import { pagePath } from '@shared/pages';

// The daily reminder at scale (decision 0050). Who is due is decided in SQL, in each member's own
// zone, reading through an index only the members whose `next_reminder_at` has come; a batch is
// claimed with FOR UPDATE SKIP LOCKED, so processes running at once take different members, and its
// claims (notification_claims, one per member and local date) commit before any mail goes out:
// at most one reminder per member and day, whoever runs. The mail of a batch goes out concurrently,
// REMINDER_SEND_CONCURRENCY at a time.

/** Members read (and claimed when due) per transaction. */
export const REMINDER_BATCH = 200;

export interface DueReminder {
  user_id: string;
  email: string;
  first_name: string | null;
  display_name: string | null;
  /** The member's language (decision 0119): their reminder is written in it; null: English. */
  language: string | null;
  zone: string;
  reminder_hour: number;
  email_nudges: boolean;
  push_nudges: boolean;
  local_date: LocalDate;
  start_date: LocalDate;
  /** What the streak rule kept on the cycle (decision 0098): its paused dates and the streak. */
  paused_dates: LocalDate[];
  streak_run: number;
  streak_through: LocalDate | null;
  at_risk_from: LocalDate | null;
}

/**
 * One batch: up to `limit` members whose next_reminder_at has come (skipping rows another process
 * holds), judged in their zone at `now`. The due ones are claimed and answered; every member read
 * gets the next instant a reminder can be owed (today's hour if it has not come, else tomorrow's;
 * sooner if a pending zone takes over first). Answers how many were read, and the claimed ones.
 */
export async function claimDueReminders(
  db: DbOrTx,
  now: Date,
  limit = REMINDER_BATCH,
): Promise<{ read: number; due: DueReminder[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<DueReminder & { read: number }>(
    db,
    sql`with picked as (
          select s.user_id, s.reminder_hour, s.email_nudges, s.push_nudges, s.pending_timezone_from,
                 ${zoneAt(at)} as zone
          from user_settings s
          where (s.email_nudges or s.push_nudges) and s.next_reminder_at <= ${at}
          order by s.next_reminder_at
          limit ${limit}
          for update of s skip locked
        ),
        clock as (
          select p.*, (${at} at time zone p.zone) as wall from picked p
        ),
        judged as (
          select c.user_id, c.zone, c.reminder_hour, c.email_nudges, c.push_nudges,
                 c.pending_timezone_from, c.wall::date as local_date,
                 u.email, pr.first_name, pr.display_name, pr.language,
                 cy.start_date, cy.paused_dates, cy.streak_run, cy.streak_through, cy.at_risk_from,
                 (u.email_verified and cy.id is not null
                   and cy.start_date <= c.wall::date
                   and c.wall::date - cy.start_date < ${CYCLE_LENGTH_DAYS} + cy.paused_days
                   -- A paused date asks for no check-in (decision 0099).
                   and not (c.wall::date = any(cy.paused_dates))
                   and not exists (select 1 from checkins k
                                   where k.cycle_id = cy.id and k.local_date = c.wall::date)
                   and not exists (select 1 from notification_claims n
                                   where n.key = 'reminder:' || c.user_id || ':' || c.wall::date::text)
                 ) as owed,
                 extract(hour from c.wall)::int >= c.reminder_hour as hour_come
          from clock c
          join "user" u on u.id = c.user_id
          left join profiles pr on pr.id = c.user_id
          left join cycles cy on cy.user_id = c.user_id and cy.is_active
        ),
        claimed as (
          insert into notification_claims (key, user_id, created_at)
          select 'reminder:' || j.user_id || ':' || j.local_date::text, j.user_id, ${at}
          from judged j where j.owed and j.hour_come
          on conflict do nothing
          returning user_id
        ),
        moved as (
          update user_settings s set next_reminder_at = least(
            case when j.owed and not j.hour_come
                 then (j.local_date + make_interval(hours => j.reminder_hour))::timestamp at time zone j.zone
                 else (j.local_date + 1 + make_interval(hours => j.reminder_hour))::timestamp at time zone j.zone
            end,
            case when j.pending_timezone_from > ${at} then j.pending_timezone_from end)
          from judged j where s.user_id = j.user_id
          returning s.user_id
        )
        select j.user_id, j.email, j.first_name, j.display_name, j.language, j.zone, j.reminder_hour,
               j.email_nudges, j.push_nudges, j.local_date::text as local_date,
               j.start_date::text as start_date, to_json(j.paused_dates) as paused_dates,
               j.streak_run, j.streak_through::text as streak_through,
               j.at_risk_from::text as at_risk_from,
               (select count(*) from moved)::int as read
        from (select 1) one
        left join (judged j join claimed c on c.user_id = j.user_id) on true`,
  );
  const read = rows[0]?.read ?? 0;
  return { read, due: rows.filter((r) => r.user_id !== null) };
}

/**
 * Sends every daily reminder due at ctx.now(), a batch at a time until no member's moment has come.
 * Any number of processes may run it at once; each due member is claimed by exactly one of them.
 * Once `signal` is aborted (the server is stopping) no new batch is claimed: the batch in hand is
 * sent, and the rest is left to the other processes or the next start.
 */
export async function sendDailyReminders(
  ctx: ServiceContext,
  signal?: AbortSignal,
): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (;;) {
    const { read, due } = await ctx.db.transaction((tx) => claimDueReminders(tx, now));
    sent += await sendEach(
      ctx,
      due,
      {
        kind: 'reminder',
        failed: 'daily reminder failed',
        concurrency: REMINDER_SEND_CONCURRENCY,
        userId: (member) => member.user_id,
      },
      // Each reminder in its reader's language, never the job's (decision 0119).
      (member) => runWithLocale(member.language, () => remindOne(ctx, member, now)),
    );
    if (read < REMINDER_BATCH || signal?.aborted) return sent;
  }
}

async function remindOne(ctx: ServiceContext, member: DueReminder, now: Date): Promise<boolean> {
  reminderLag.observe(secondsPastHour(now, member.zone, member.reminder_hour));
  // The day and streak by the streak rule as it kept them on the cycle (decision 0098): a missed
  // day waiting for today's check-in to be forgiven makes the streak at risk.
  const pausedDates = parseDates(member.paused_dates);
  const position = cyclePosition(member.start_date, pausedDates, member.local_date);
  const day = position.day;
  const { streak, atRisk } = keptStreakOn(
    {
      lastDate: position.lastDate,
      streakRun: member.streak_run,
      aliveThrough: member.streak_through,
      atRiskFrom: member.at_risk_from,
    },
    member.local_date,
  );
  let sent = false;
  if (member.email_nudges) {
    const mail = await ctx.mailer.send(
      dailyReminderMail(
        {
          to: member.email,
          userId: member.user_id,
          name: greetingName(member.first_name, member.display_name),
          day,
          streak,
          atRisk,
        },
        ctx.mailer.nudgeLinks(member.user_id),
      ),
    );
    sent = mail.ok;
  }
  if (member.push_nudges) {
    const devices = await sendPush(ctx, member.user_id, {
      title: msg.mail.reminderSubject(day),
      body: atRisk
        ? msg.reminderAtRiskPush(streak)
        : streak > 0
          ? msg.push.reminderStreakBody(streak)
          : msg.push.reminderFreshBody,
      url: pagePath('app-home'),
      tag: `reminder-${member.local_date}`,
    });
    sent ||= devices > 0;
  }
  return sent;
}

/** json arrives parsed from node-postgres and PGlite alike; a string is parsed here. */
const parseDates = (value: LocalDate[] | string | null): LocalDate[] =>
  typeof value === 'string' ? (JSON.parse(value) as LocalDate[]) : (value ?? []);

/**
 * Members owed today's reminder whose hour has not come yet (the admin's trigger reports it): after a
 * run, exactly those whose next_reminder_at is later today in their own zone.
 */
export async function remindersLaterToday(db: DbOrTx, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select s.next_reminder_at, ${zoneAt(at)} as zone from user_settings s
          where (s.email_nudges or s.push_nudges)
            and s.next_reminder_at > ${at} and s.next_reminder_at < ${at} + interval '1 day'
        ) z
        where (z.next_reminder_at at time zone z.zone)::date = (${at} at time zone z.zone)::date`,
  );
  return row.n;
}
