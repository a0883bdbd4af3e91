import { sql } from 'drizzle-orm';
import { greetingName } from '@shared/domain/display';
import { addDays } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { queryRows, type DbOrTx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { runWithLocale } from '../../lib/locale';
import { crewCycleEveMail } from '../../lib/mail-templates/crew-cycle';
import { sendPush } from '../../lib/push';
import { zoneAt } from '../../queries/time-zone';
import { REMINDER_SEND_CONCURRENCY, sendEach } from '../../lib/send-each';
import { switchWaitingMoves } from './switch';

// The evening before a crew's Day 1 (issue 44, decision 0115): each crew member who has not chosen to
// stay on their own gets one reminder, at their reminder hour on the day before the start date in
// their own zone, by e-mail and push as their nudge settings say. A claim per member and crew cycle
// (notification_claims) commits before anything is sent, so any number of processes send it once.

/** Members claimed per transaction. */
const EVE_BATCH = 200;

interface DueEve {
  key: string;
  user_id: string;
  email: string;
  first_name: string | null;
  display_name: string | null;
  /** The member's language (decision 0119): the reminder is written in it. */
  language: string | null;
  email_nudges: boolean;
  push_nudges: boolean;
  crew_id: string;
  crew_name: string;
}

/**
 * Claims up to `limit` members owed the evening-before reminder at `now`: crews whose start date is
 * tomorrow somewhere (UTC's today to the day after), members whose local date is the day before it
 * and whose reminder hour has come.
 */
export async function claimDueEves(db: DbOrTx, now: Date, limit = EVE_BATCH): Promise<DueEve[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const utcToday = now.toISOString().slice(0, 10);
  return queryRows<DueEve>(
    db,
    sql`with candidates as (
          select 'crew-cycle-eve:' || cc.id || ':' || m.user_id as key, m.user_id, cc.start_date,
                 c.id as crew_id, c.name as crew_name, s.reminder_hour, s.email_nudges, s.push_nudges,
                 (${at} at time zone ${zoneAt(at)}) as wall
          from crew_cycles cc
          join crews c on c.id = cc.crew_id and c.closed_at is null
          join crew_members m on m.crew_id = cc.crew_id
          join user_settings s on s.user_id = m.user_id
          left join crew_cycle_members ccm on ccm.crew_cycle_id = cc.id and ccm.user_id = m.user_id
          where cc.start_date between ${utcToday}::date and ${addDays(utcToday, 2)}::date
            and (s.email_nudges or s.push_nudges)
            and ccm.choice is distinct from 'stay'
        ),
        due as (
          select * from candidates d
          where d.wall::date = d.start_date - 1 and extract(hour from d.wall)::int >= d.reminder_hour
            and not exists (select 1 from notification_claims n where n.key = d.key)
          order by d.key
          limit ${limit}
        ),
        claimed as (
          insert into notification_claims (key, user_id, created_at)
          select d.key, d.user_id, ${at} from due d
          on conflict do nothing
          returning key
        )
        select d.key, d.user_id, u.email, pr.first_name, pr.display_name, pr.language, d.email_nudges,
               d.push_nudges, d.crew_id, d.crew_name
        from due d
        join claimed k on k.key = d.key
        join "user" u on u.id = d.user_id and u.email_verified
        left join profiles pr on pr.id = d.user_id`,
  );
}

/**
 * The crew-cycles job: moves chosen before Day 1 whose Day 1 has begun, then the evening-before
 * reminders due at ctx.now(), a batch at a time, paced like the daily reminders (sendEach). Answers
 * how many reminders were sent.
 */
export async function runCrewCycleJob(ctx: ServiceContext, signal?: AbortSignal): Promise<number> {
  await switchWaitingMoves(ctx);
  const now = ctx.now();
  let sent = 0;
  for (;;) {
    const due = await ctx.db.transaction((tx) => claimDueEves(tx, now));
    sent += await sendEach(
      ctx,
      due,
      {
        kind: 'reminder',
        failed: 'crew cycle reminder failed',
        concurrency: REMINDER_SEND_CONCURRENCY,
        userId: (member) => member.user_id,
      },
      (member) => runWithLocale(member.language, () => remindOne(ctx, member)),
    );
    if (due.length < EVE_BATCH || signal?.aborted) return sent;
  }
}

async function remindOne(ctx: ServiceContext, member: DueEve): Promise<boolean> {
  const path = pagePath('app-crew', { crewId: member.crew_id });
  let sent = false;
  if (member.email_nudges) {
    const links = ctx.mailer.nudgeLinks(member.user_id);
    const mail = await ctx.mailer.send(
      crewCycleEveMail(
        {
          to: member.email,
          userId: member.user_id,
          name: greetingName(member.first_name, member.display_name ?? ''),
          crewName: member.crew_name,
          crewUrl: `${links.publicUrl}${path}`,
        },
        links,
      ),
    );
    sent = mail.ok;
  }
  if (member.push_nudges) {
    const devices = await sendPush(ctx, member.user_id, {
      title: msg.crewCycleReminderTitle(member.crew_name),
      body: msg.crewCycleReminderLead(member.crew_name),
      url: path,
      tag: member.key,
    });
    sent ||= devices > 0;
  }
  return sent;
}
