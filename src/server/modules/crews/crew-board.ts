import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CrewBoardEntry } from '@shared/api-types';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { scoredCycles } from '../community/leaderboard';
import type { CrewRow } from './crew-rows';

// A crew's board: its members' consistency and streaks over their current cycles, as the community
// board scores them.

/**
 * The board rows of a crew's members (or of one of them), with what a nudge needs: each member's own
 * today, and whether `viewerId` (when given) has nudged them on it. One statement.
 */
export function boardRows(
  ctx: ServiceContext,
  crewId: string,
  options: { onlyUserId?: string; viewerId?: string } = {},
) {
  const now = ctx.now();
  const members = sql`(select m.user_id from crew_members m where m.crew_id = ${crewId}::uuid)`;
  const localToday = sql`(${now.toISOString()}::timestamptz at time zone coalesce(us.timezone, ${DEFAULT_SETTINGS_TIMEZONE}))::date`;
  const nudged = options.viewerId
    ? sql`exists (select 1 from crew_nudges n where n.from_user_id = ${options.viewerId}
                    and n.to_user_id = m.user_id and n.local_date = ${localToday})`
    : sql`false`;
  return queryRows(
    ctx.db,
    sql`with ${scoredCycles(now, sql`c.user_id in ${members}`)}
      select m.user_id, m.joined_at, p.display_name, p.avatar_url, p.first_name, u.email,
             s.current_day, coalesce(s.consistency, 0) as consistency, coalesce(s.streak, 0) as streak,
             coalesce(s.last_day = s.current_day, false) as checked_in_today,
             ${localToday}::text as local_today, ${nudged} as nudged_today
      from crew_members m
      join profiles p on p.id = m.user_id
      join "user" u on u.id = m.user_id
      left join user_settings us on us.user_id = m.user_id
      left join scored s on s.user_id = m.user_id
      where m.crew_id = ${crewId}::uuid ${options.onlyUserId ? sql`and m.user_id = ${options.onlyUserId}` : sql``}
      order by consistency desc, streak desc, m.joined_at, m.user_id`,
  );
}

/** The crew's board as `viewerId` sees it: one read. */
export async function crewBoard(
  ctx: ServiceContext,
  crew: CrewRow,
  viewerId: string,
): Promise<CrewBoardEntry[]> {
  const rows = await boardRows(ctx, crew.id, { viewerId });
  return rows.map((r) => ({
    userId: String(r.user_id),
    displayName: String(r.display_name),
    avatarUrl: (r.avatar_url as string | null) ?? null,
    isOwner: String(r.user_id) === crew.ownerId,
    isMe: String(r.user_id) === viewerId,
    currentDay: r.current_day == null ? null : Number(r.current_day),
    checkedInToday: Boolean(r.checked_in_today),
    streak: Number(r.streak),
    consistency: Number(r.consistency),
    nudgedToday: Boolean(r.nudged_today),
  }));
}
