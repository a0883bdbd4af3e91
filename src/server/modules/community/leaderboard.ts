import { sql } from 'drizzle-orm';
import { LEADERBOARD_TOP, LONGEST_STREAKS_TOP } from '@shared/constants';
import type { CommunityBoard, LeaderboardEntry } from '@shared/api-types';
import { queryRows, type DbOrTx } from '../../db/client';
import type { AppCaches } from '../../lib/deps';
import { scoredCycles } from '../../queries/scored-cycles';

export type { CommunityBoard, LeaderboardEntry };

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
