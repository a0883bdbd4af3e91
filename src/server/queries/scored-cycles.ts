import { sql, type SQL } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS, DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';

/**
 * The active cycles of the members `filter` (SQL over cycles `c`) selects, at `now` (an instant in
 * SQL), by the streak rule (decision 0098) as refreshCycleStats kept it on the cycle row: each
 * member's current day counted in their own time zone (paused dates are no days of the cycle),
 * whether the cycle has reached its Day 1 (`started`: false while a new cycle waits for tomorrow,
 * decision 0032), consistency (check-ins over the days so far less rest days, in percent), the
 * streak still alive, whether it is at risk, whether today is paused, and the mode. A complete cycle
 * stands as on its last day. The community board reads it as a CTE (`scoredCycles`); a crew's board
 * (modules/crews/crew-board.ts) for each member, laterally, passing the member's settings zone (`zone`, SQL) it
 * has joined already.
 */
export function scoredCycleSelect(now: SQL, filter: SQL, zone?: SQL): SQL {
  const settings = zone ? sql`` : sql`left join user_settings s on s.user_id = c.user_id`;
  const localToday = sql`(${now} at time zone coalesce(${zone ?? sql`s.timezone`}, ${DEFAULT_SETTINGS_TIMEZONE}))::date`;
  // Only the few cycles with paused or rest dates count them.
  const upTo = (dates: SQL) =>
    sql`case when cardinality(${dates}) = 0 then 0
             else (select count(*)::int from unnest(${dates}) d where d <= t.at_day) end`;
  return sql`select a.*,
        (case when a.counted > 0 then least(100, round(a.checkin_count * 100.0 / a.counted)) else 0 end)::int
          as consistency,
        (case when a.at_day <= a.streak_through then a.streak_run else 0 end)::int as streak,
        coalesce(a.today <= a.end_date and a.at_risk_from <= a.today and a.today <= a.streak_through, false)
          as at_risk
      from (
        select b.*, least(${CYCLE_LENGTH_DAYS}, greatest(1, b.lived - b.paused_so_far))::int as current_day,
               greatest(0, b.lived - b.paused_so_far) - b.rest_so_far as counted
        from (
          select c.user_id, c.checkin_count, c.last_day, c.last_run, c.longest_streak, c.mode,
                 c.streak_run, c.streak_through, c.at_risk_from, t.today, t.at_day, t.end_date,
                 greatest(0, t.at_day - c.start_date + 1) as lived,
                 ${upTo(sql`c.paused_dates`)} as paused_so_far,
                 ${upTo(sql`c.rest_dates`)} as rest_so_far,
                 c.start_date <= t.today as started,
                 t.today = any(c.paused_dates) as paused_today
          from cycles c ${settings}
          cross join lateral (
            select ${localToday} as today,
                   least(${localToday}, c.start_date + (${CYCLE_LENGTH_DAYS - 1}::int + c.paused_days)) as at_day,
                   c.start_date + (${CYCLE_LENGTH_DAYS - 1}::int + c.paused_days) as end_date
          ) t
          where c.is_active and ${filter}
        ) b
      ) a`;
}

/** `scoredCycleSelect` at `now`, as the CTE `scored`. */
export function scoredCycles(now: Date, filter: SQL): SQL {
  return sql`scored as (${scoredCycleSelect(sql`${now.toISOString()}::timestamptz`, filter)})`;
}
