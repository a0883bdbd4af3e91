import { sql } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import type { WeeklyReviewView } from '@shared/api-types';
import { daysBetween, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { dateOfDay, newestOpenWeek, reviewWeekDays, weekOfDay } from '@shared/domain/review-weeks';
import { queryRows, type DbOrTx } from '../../db/client';
import { effectiveTimeZone, startOfLocalDate } from '../profile/time-zone';
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
}

/** A cycle as the statements below read it. */
interface CycleRow {
  id: string;
  start_date: string;
  is_active: boolean;
  ended_at: string | Date | null;
  n: number;
}

/** The member's cycles, numbered from 1 (the review's address), oldest first. */
const cyclesQuery = (userId: string) =>
  sql`select id, start_date::text as start_date, is_active, ended_at,
        row_number() over (order by start_date, created_at, id)::int as n
      from cycles where user_id = ${userId}`;

function memberCycleOf(r: CycleRow): MemberCycle {
  return {
    id: r.id,
    number: Number(r.n),
    startDate: r.start_date,
    isActive: r.is_active,
    endedAt: r.ended_at ? new Date(r.ended_at) : null,
  };
}

/** The member's cycles, oldest first, numbered from 1 (the review's address). */
export async function memberCycles(db: DbOrTx, userId: string): Promise<MemberCycle[]> {
  const rows = await queryRows<CycleRow>(db, sql`${cyclesQuery(userId)} order by n`);
  return rows.map(memberCycleOf);
}

/**
 * The member's cycles and the time zone their days are counted in at `now`, in one statement: what
 * every review request starts with (issue 33: one round trip fewer than reading them apart).
 */
export async function memberCyclesAndZone(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ cycles: MemberCycle[]; timeZone: string }> {
  const [row] = await queryRows<{
    timezone: string | null;
    pending_timezone: string | null;
    pending_timezone_from: string | Date | null;
    cycles: CycleRow[] | null;
  }>(
    db,
    sql`select s.timezone, s.pending_timezone, s.pending_timezone_from,
          (select json_agg(c order by c.n) from (${cyclesQuery(userId)}) c) as cycles
        from (select 1) as one left join user_settings s on s.user_id = ${userId}`,
  );
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
    return newestOpenWeek(cycle.startDate, localDateIn(now, timeZone));
  const endDay = daysBetween(cycle.startDate, localDateIn(cycle.endedAt, timeZone)) + 1;
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

/** The week's check-ins with their proof photos (images of the check-in's own post). */
export function weekRowsQuery(cycleId: string, firstDay: number, lastDay: number) {
  return sql`select k.day_number, k.moved_minutes, k.steps, k.protein_target_hit, k.hydration_goal_hit,
         k.journal_md,
         (select json_agg(json_build_array(m.id, m.storage_path, m.mime_type, m.sort_index)
                   order by m.sort_index)
            from posts p join post_media m on m.post_id = p.id
           where p.checkin_id = k.id and p.user_id = k.user_id and m.media_type = 'image') as photos
       from checkins k
      where k.cycle_id = ${cycleId} and k.day_number between ${firstDay} and ${lastDay}
      order by k.day_number`;
}

/**
 * One row over the cycle's check-ins up to the week's last day: the count, the best run and the
 * run ending on the last day, the week before's totals, and for the final review the whole
 * cycle's totals and the days checked in.
 */
export function weekAggregatesQuery(
  cycleId: string,
  week: { firstDay: number; lastDay: number; final: boolean },
) {
  const previous =
    week.final || week.firstDay === 1 ? null : [week.firstDay - 7, week.firstDay - 1];
  const totalsFrom = week.final ? 1 : week.firstDay;
  const sums = (from: number, to: number) =>
    sql`(select json_build_array(count(*), coalesce(sum(moved_minutes), 0), coalesce(sum(steps), 0),
                 count(*) filter (where protein_target_hit), count(*) filter (where hydration_goal_hit))
           from d where day_number between ${from} and ${to})`;
  return sql`with d as (
        select day_number, moved_minutes, steps, protein_target_hit, hydration_goal_hit,
               day_number - row_number() over (order by day_number) as run_key
          from checkins where cycle_id = ${cycleId} and day_number <= ${week.lastDay}
      ), runs as (
        select count(*)::int as len, max(day_number) as last_day from d group by run_key
      )
      select (select count(*)::int from d) as to_date,
             (select coalesce(max(len), 0)::int from runs) as best,
             (select coalesce(max(len), 0)::int from runs where last_day = ${week.lastDay}) as current,
             ${sums(totalsFrom, week.lastDay)} as totals,
             ${previous ? sums(previous[0], previous[1]) : sql`null::json`} as previous,
             ${week.final ? sql`(select json_agg(day_number order by day_number) from d)` : sql`null::json`} as done_days`;
}

/**
 * Then and now, badges of the week, the week's weight change and the share: small indexed
 * lookups in one round trip. `now` of then-and-now is the newest photo of the week (of the cycle in
 * the final review); `then` the earliest of the cycle. Only the member's own posts count.
 */
export function extrasQuery(input: {
  userId: string;
  cycleId: string;
  week: number;
  nowFrom: number;
  lastDay: number;
  from: Date;
  to: Date;
}) {
  const photo = (direction: 'asc' | 'desc', fromDay: number) =>
    sql`(select json_build_array(k.day_number, m.id, m.storage_path, m.mime_type, m.sort_index)
           from checkins k
           join posts p on p.checkin_id = k.id and p.user_id = ${input.userId}
           join post_media m on m.post_id = p.id and m.media_type = 'image'
          where k.cycle_id = ${input.cycleId} and k.user_id = ${input.userId}
            and k.day_number between ${fromDay} and ${input.lastDay}
          order by k.day_number ${direction === 'asc' ? sql`asc` : sql`desc`},
                   m.sort_index ${direction === 'asc' ? sql`asc` : sql`desc`}
          limit 1)`;
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  return sql`select ${photo('asc', 1)} as first_photo,
       ${photo('desc', input.nowFrom)} as last_photo,
       (select json_agg(json_build_array(b.code, b.name) order by ub.awarded_at)
          from user_badges ub join badges b on b.id = ub.badge_id
         where ub.user_id = ${input.userId}
           and ub.awarded_at >= ${from}::timestamptz and ub.awarded_at < ${to}::timestamptz) as badges,
       (select w.weight_kg from weight_history w where w.user_id = ${input.userId}
           and w.recorded_at < ${from}::timestamptz order by w.recorded_at desc limit 1) as start_kg,
       (select w.weight_kg from weight_history w where w.user_id = ${input.userId}
           and w.recorded_at < ${to}::timestamptz order by w.recorded_at desc limit 1) as end_kg,
       (select s.post_id from review_shares s
         where s.cycle_id = ${input.cycleId} and s.week = ${input.week}) as shared_post_id`;
}

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
  const firstDate = dateOfDay(cycle.startDate, week.firstDay);
  const lastDate = dateOfDay(cycle.startDate, week.lastDay);
  // The three reads in one statement: one round trip and one transaction per review.
  const [read] = await queryRows<WeeklyReviewRead>(
    db,
    sql`select (select coalesce(json_agg(w order by w.day_number), '[]'::json)
                  from (${weekRowsQuery(cycle.id, week.firstDay, week.lastDay)}) w) as week_rows,
               a.*, e.*
          from (${weekAggregatesQuery(cycle.id, week)}) a,
               (${extrasQuery({
                 userId,
                 cycleId: cycle.id,
                 week: week.week,
                 nowFrom: week.final ? 1 : week.firstDay,
                 lastDay: week.lastDay,
                 from: startOfLocalDate(firstDate, input.timeZone),
                 to: startOfLocalDate(dateOfDay(cycle.startDate, week.lastDay + 1), input.timeZone),
               })}) e`,
  );
  return weeklyReviewView(read, {
    cycle,
    week,
    firstDate,
    lastDate,
    openWeeks: input.openWeeks,
    unitPref: input.unitPref,
  });
}
