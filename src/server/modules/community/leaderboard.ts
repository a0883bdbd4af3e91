import { sql, type SQL } from 'drizzle-orm';
import {
  CYCLE_LENGTH_DAYS,
  DEFAULT_SETTINGS_TIMEZONE,
  LEADERBOARD_TOP,
  LONGEST_STREAKS_TOP,
} from '@shared/constants';
import type { CommunityBoard, LeaderboardEntry } from '@shared/api-types';
import { queryRows, type DbOrTx } from '../../db/client';
import type { AppCaches } from '../../lib/deps';

export type { CommunityBoard, LeaderboardEntry };

/**
 * The active cycles of the members `filter` (SQL over cycles `c`) selects, at `now` (an instant in
 * SQL), by the streak rule (decision 0098) as refreshCycleStats kept it on the cycle row: each
 * member's current day counted in their own time zone (paused dates are no days of the cycle),
 * whether the cycle has reached its Day 1 (`started`: false while a new cycle waits for tomorrow,
 * decision 0032), consistency (check-ins over the days so far less rest days, in percent), the
 * streak still alive, whether it is at risk, whether today is paused, and the mode. A complete cycle
 * stands as on its last day. The community board reads it as a CTE (`scoredCycles`); a crew's board
 * (modules/crews) for each member, laterally, passing the member's settings zone (`zone`, SQL) it
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

/**
 * Who has checked in today, over `scored` (issue 41): a check-in dated the member's today, whatever
 * its cycle. A cycle in progress says so itself (its last check-in is today's day); one past its last
 * day has nothing to log; a new cycle that starts tomorrow follows a check-in of the cycle before it,
 * looked up by date (such cycles are few).
 */
const checkedInToday = sql`case when not started
    then exists (select 1 from checkins k where k.user_id = scored.user_id and k.local_date = scored.today)
    else today <= end_date and last_day = current_day and not paused_today end`;

/**
 * A building block (no authorization; see service.ts). One aggregate query over active cycles (their check-in aggregates are kept on the cycle row), each
 * member's day counted in their own time zone. The streak is the real run of consecutive days that is
 * still alive (ending today or yesterday), not the check-in count (docs/decisions/0006).
 */
export async function computeCommunityBoard(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<CommunityBoard> {
  const nowIso = now.toISOString();
  const rows = await queryRows(
    db,
    sql`
    with ${scoredCycles(now, sql`true`)},
    leaders as (
      select 'leaderboard' as board, x.* from (
        select * from scored order by consistency desc, checkin_count desc, user_id limit ${LEADERBOARD_TOP}
      ) x
      union all
      select 'streaks' as board, y.* from (
        select * from scored where streak > 0 order by streak desc, longest_streak desc, user_id limit ${LONGEST_STREAKS_TOP}
      ) y
    )
    select l.board, l.user_id, p.display_name, p.avatar_url, l.checkin_count, l.current_day, l.started, l.consistency,
           l.streak, l.longest_streak, l.mode,
           (select count(*)::int from scored) as active_members,
           (select coalesce(sum(checkin_count), 0)::int from scored) as total_checkins,
           (select coalesce(round(avg(consistency)), 0)::int from scored) as average_consistency,
           (select count(*)::int from scored where ${checkedInToday}) as checked_in_today
    from leaders l join profiles p on p.id = l.user_id
  `,
  );
  const entry = (r: Record<string, unknown>): LeaderboardEntry => ({
    userId: String(r.user_id),
    displayName: String(r.display_name),
    avatarUrl: (r.avatar_url as string | null) ?? null,
    checkins: Number(r.checkin_count),
    currentDay: Number(r.current_day),
    started: r.started === true,
    consistency: Number(r.consistency),
    streak: Number(r.streak),
    ...(r.mode === 'strict' ? { strict: true as const } : {}),
    longestStreak: Number(r.longest_streak),
  });
  const leaderboard = rows.filter((r) => r.board === 'leaderboard').map(entry);
  const longestStreaks = rows.filter((r) => r.board === 'streaks').map(entry);
  // order is not guaranteed after the join: sort as ranked
  leaderboard.sort(
    (a, b) =>
      b.consistency - a.consistency || b.checkins - a.checkins || a.userId.localeCompare(b.userId),
  );
  longestStreaks.sort(
    (a, b) =>
      b.streak - a.streak || b.longestStreak - a.longestStreak || a.userId.localeCompare(b.userId),
  );
  const first = rows[0];
  const stats = first
    ? {
        activeMembers: Number(first.active_members),
        totalCheckins: Number(first.total_checkins),
        averageConsistency: Number(first.average_consistency),
        checkedInToday: Number(first.checked_in_today),
      }
    : { activeMembers: 0, totalCheckins: 0, averageConsistency: 0, checkedInToday: 0 };
  return { stats, leaderboard, longestStreaks, computedAt: nowIso };
}

/**
 * The board changes slowly and every member sees the same one: computed at most once per
 * BOARD_TTL_MS per process (the app's board cache), and concurrent requests share one computation.
 */
export function cachedCommunityBoard(
  app: { db: DbOrTx; caches: Pick<AppCaches, 'board'> },
  now: Date,
): Promise<CommunityBoard> {
  return app.caches.board.load('board', () => computeCommunityBoard(app.db, now), now.getTime());
}
