import { sql, type SQL } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import type { WeeklyReviewView } from '@shared/api-types';
import { addDays, daysBetween, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { dateOfDay, newestOpenWeek, reviewWeekDays, weekOfDay } from '@shared/domain/review-weeks';
import { askArray, askColumns, batchedPer, queryRows, rowByAsk, type DbOrTx } from '../db/client';
import { effectiveTimeZone, startOfLocalDate } from './time-zone';
import { weeklyReviewView, type WeeklyReviewRead } from './review-view';

// Building blocks of the weekly review (decision 0048): no authorization, every read scoped to the
// member's own id by the caller. A review reads the week's check-ins (at most 7 rows) and one row
// of aggregates over the cycle's check-ins up to the week's end (an index range of one cycle), never
// every check-in of anyone.

export interface MemberCycle {
  id: string;
  /** 1 for the member's first cycle. */
  number: number;
  startDate: LocalDate;
  isActive: boolean;
  endedAt: Date | null;
  /** The cycle's paused dates, which are no days of it (decision 0099). */
  pausedDates: LocalDate[];
}

/** A cycle as the statements below read it. */
interface CycleRow {
  id: string;
  start_date: string;
  is_active: boolean;
  ended_at: string | Date | null;
  paused_dates: LocalDate[] | null;
  n: number;
}

/** The cycles of the member `userId` (SQL), numbered from 1 (the review's address). */
const cyclesQuery = (userId: SQL) =>
  sql`select id, start_date::text as start_date, is_active, ended_at, paused_dates,
        row_number() over (order by start_date, created_at, id)::int as n
      from cycles where user_id = ${userId}`;

function memberCycleOf(r: CycleRow): MemberCycle {
  return {
    id: r.id,
    number: Number(r.n),
    startDate: r.start_date,
    isActive: r.is_active,
    endedAt: r.ended_at ? new Date(r.ended_at) : null,
    pausedDates: r.paused_dates ?? [],
  };
}

/** A member's zone columns and cycles, as `cyclesAndZones` reads them. */
interface CyclesAndZoneRow {
  n: number;
  timezone: string | null;
  pending_timezone: string | null;
  pending_timezone_from: string | Date | null;
  cycles: CycleRow[] | null;
}

/**
 * The zone columns and cycles of each member asked, one statement for the requests of one moment
 * (`batchedPer`, decision 0027): what every review request starts with.
 */
const cyclesAndZones = batchedPer(async (db: DbOrTx, userIds: readonly string[]) => {
  const rows = await queryRows<CyclesAndZoneRow>(
    db,
    sql`select asked.n::int as n, s.timezone, s.pending_timezone, s.pending_timezone_from,
          (select json_agg(c order by c.n) from (${cyclesQuery(sql`asked.user_id`)}) c) as cycles
        from unnest(${askArray(userIds, 'text')}) with ordinality as asked(user_id, n)
        left join user_settings s on s.user_id = asked.user_id`,
  );
  return rowByAsk(userIds.length, rows);
});

/** The member's cycles and the time zone their days are counted in at `now`. */
export async function memberCyclesAndZone(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ cycles: MemberCycle[]; timeZone: string }> {
  const row = await cyclesAndZones(db, userId);
  const timeZone = effectiveTimeZone(
    {
      timezone: row?.timezone ?? null,
      pendingTimezone: row?.pending_timezone ?? null,
      pendingTimezoneFrom: row?.pending_timezone_from ? new Date(row.pending_timezone_from) : null,
    },
    now,
  );
  return { cycles: (row?.cycles ?? []).map(memberCycleOf), timeZone };
}

/**
 * How many weeks of the cycle have an open review. The active cycle: those whose last day has
 * ended. A past cycle is closed: every week up to the one it ended in (Start New Cycle on day 40
 * opens week 6 as it stood; nothing in it can change any more).
 */
export function openWeeksOf(cycle: MemberCycle, timeZone: string, now: Date): number {
  if (cycle.isActive || !cycle.endedAt)
    return newestOpenWeek(cycle.startDate, localDateIn(now, timeZone), cycle.pausedDates);
  const endedOn = localDateIn(cycle.endedAt, timeZone);
  const endDay =
    daysBetween(cycle.startDate, endedOn) +
    1 -
    cycle.pausedDates.filter((d) => d <= endedOn).length;
  return endDay < 1 ? 0 : weekOfDay(Math.min(endDay, CYCLE_LENGTH_DAYS));
}

/** The newest open review: the active cycle's newest open week, else the newest past cycle's. */
export function newestReview(
  cycles: MemberCycle[],
  timeZone: string,
  now: Date,
): { cycle: MemberCycle; week: number } | null {
  const ordered = [...cycles].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || b.number - a.number,
  );
  for (const cycle of ordered) {
    const week = openWeeksOf(cycle, timeZone, now);
    if (week > 0) return { cycle, week };
  }
  return null;
}

/** What one review read asks: a week of one of the member's cycles, and the instants it spans. */
export interface ReviewAsk {
  userId: string;
  cycleId: string;
  week: number;
  firstDay: number;
  lastDay: number;
  /** The final review (week 13): the whole cycle's totals and the days checked in. */
  final: boolean;
  /** The first instant of the week's first day and of the day after its last, in the member's zone. */
  from: string;
  to: string;
}

/**
 * Everything each asked review shows, in one statement for the asks of one moment (`batchedPer`,
 * decision 0027), one row per ask (`n`, from 1). Per ask, over `asked`:
 * - `week_rows`: the week's check-ins (at most 7 rows) with their proof photos (images of the
 *   check-in's own post);
 * - the aggregates over the cycle's check-ins up to the week's last day (an index range of one
 *   cycle): the count, the best run and the run ending on the last day, the totals (of the week; of
 *   the cycle in the final review), the week before's totals (none for week 1 and the final review)
 *   and, in the final review, the days checked in;
 * - the extras, small indexed lookups: then and now (the newest photo of the week, of the cycle in
 *   the final review, and, only when there is one, the earliest of the cycle; the member's own posts
 *   only), the week's badges, the weight before and after it, and the share.
 */
export function reviewReadsQuery(asked: readonly ReviewAsk[]): SQL {
  const column = askColumns(asked);
  const sums = (from: SQL, to: SQL) =>
    sql`(select json_build_array(count(*), coalesce(sum(moved_minutes), 0), coalesce(sum(steps), 0),
                 count(*) filter (where protein_target_hit), count(*) filter (where hydration_goal_hit))
           from d where day_number between ${from} and ${to})`;
  const weekFrom = sql`(case when asked.final then 1 else asked.first_day end)`;
  const photo = (direction: SQL, fromDay: SQL) =>
    sql`(select json_build_array(k.day_number, m.id, m.storage_path, m.mime_type, m.sort_index)
           from checkins k
           join posts p on p.checkin_id = k.id and p.user_id = asked.user_id
           join post_media m on m.post_id = p.id and m.media_type = 'image'
          where k.cycle_id = asked.cycle_id and k.user_id = asked.user_id
            and k.day_number between ${fromDay} and asked.last_day
          order by k.day_number ${direction}, m.sort_index ${direction}
          limit 1)`;
  return sql`select asked.n::int as n,
      (select coalesce(json_agg(w order by w.day_number), '[]'::json) from (
         select k.day_number, k.moved_minutes, k.steps, k.protein_target_hit, k.hydration_goal_hit,
                k.journal_md,
                (select json_agg(json_build_array(m.id, m.storage_path, m.mime_type, m.sort_index)
                          order by m.sort_index)
                   from posts p join post_media m on m.post_id = p.id
                  where p.checkin_id = k.id and p.user_id = k.user_id and m.media_type = 'image') as photos
           from checkins k
          where k.cycle_id = asked.cycle_id and k.day_number between asked.first_day and asked.last_day
       ) w) as week_rows,
      a.*,
      -- "Then" only when there is a "now": a member without a photo in the week is not walked
      -- through every check-in of the cycle for one.
      case when last.photo is not null then ${photo(sql`asc`, sql`1`)} end as first_photo,
      last.photo as last_photo,
      (select json_agg(json_build_array(b.code, b.name) order by ub.awarded_at)
         from user_badges ub join badges b on b.id = ub.badge_id
        where ub.user_id = asked.user_id
          and ub.awarded_at >= asked.from_at and ub.awarded_at < asked.to_at) as badges,
      (select w.weight_kg from weight_history w where w.user_id = asked.user_id
          and w.recorded_at < asked.from_at order by w.recorded_at desc limit 1) as start_kg,
      (select w.weight_kg from weight_history w where w.user_id = asked.user_id
          and w.recorded_at < asked.to_at order by w.recorded_at desc limit 1) as end_kg,
      (select s.post_id from review_shares s
        where s.cycle_id = asked.cycle_id and s.week = asked.week) as shared_post_id
    from unnest(${column((a) => a.cycleId, 'uuid')}, ${column((a) => a.userId, 'text')},
                ${column((a) => a.week, 'int')}, ${column((a) => a.firstDay, 'int')},
                ${column((a) => a.lastDay, 'int')}, ${column((a) => a.final, 'boolean')},
                ${column((a) => a.from, 'timestamptz')}, ${column((a) => a.to, 'timestamptz')})
           with ordinality as asked(cycle_id, user_id, week, first_day, last_day, final, from_at, to_at, n)
    cross join lateral (
      with d as (
        select day_number, moved_minutes, steps, protein_target_hit, hydration_goal_hit
          from checkins where cycle_id = asked.cycle_id and day_number <= asked.last_day
      )
      -- The streak rule's inputs (decision 0098): the cycle's mode and dates checked in, and the
      -- member's rest-day plans; My Cycle's rule marks the week's days and counts its streaks.
      select (select c.mode from cycles c where c.id = asked.cycle_id) as mode,
             (select json_agg(k.local_date order by k.local_date) from checkins k
               where k.cycle_id = asked.cycle_id) as rule_dates,
             (select json_agg(json_build_array(r.effective_from, r.weekdays) order by r.effective_from)
                from rest_day_plans r where r.user_id = asked.user_id) as rule_plans,
             ${sums(weekFrom, sql`asked.last_day`)} as totals,
             case when not asked.final and asked.first_day > 1
               then ${sums(sql`asked.first_day - 7`, sql`asked.first_day - 1`)} end as previous
    ) a
    cross join lateral (select ${photo(sql`desc`, weekFrom)} as photo) last
    order by asked.n`;
}

const reviewReads = batchedPer(async (db: DbOrTx, asked: readonly ReviewAsk[]) =>
  rowByAsk(
    asked.length,
    await queryRows<WeeklyReviewRead & { n: number }>(db, reviewReadsQuery(asked)),
  ),
);

/** Everything a review shows, for an open week of one of the member's cycles. */
export async function readWeeklyReview(
  db: DbOrTx,
  input: {
    userId: string;
    cycle: MemberCycle;
    week: number;
    openWeeks: number;
    timeZone: string;
    unitPref: 'imperial' | 'metric';
  },
): Promise<WeeklyReviewView> {
  const { cycle, userId } = input;
  const week = reviewWeekDays(input.week);
  const firstDate = dateOfDay(cycle.startDate, week.firstDay, cycle.pausedDates);
  const lastDate = dateOfDay(cycle.startDate, week.lastDay, cycle.pausedDates);
  const read = await reviewReads(db, {
    userId,
    cycleId: cycle.id,
    week: week.week,
    firstDay: week.firstDay,
    lastDay: week.lastDay,
    final: week.final,
    from: startOfLocalDate(firstDate, input.timeZone).toISOString(),
    to: startOfLocalDate(addDays(lastDate, 1), input.timeZone).toISOString(),
  });
  // Every ask has its row: the aggregates' lateral subquery answers one row whatever the week holds.
  return weeklyReviewView(read!, {
    cycle,
    week,
    firstDate,
    lastDate,
    openWeeks: input.openWeeks,
    unitPref: input.unitPref,
  });
}
