import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CrewBoardEntry } from '@shared/api-types';
import { queryRows } from '../../db/client';
import { crews } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { scoredCycles } from '../community/leaderboard';
import { DAY_MS } from './crew-rows';

// A crew's board: its members' consistency and streaks over their current cycles, as the community
// board scores them.

/** The board rows of a crew's members (or of one of them), with what a nudge needs. */
export function boardRows(ctx: ServiceContext, crewId: string, onlyUserId?: string) {
  const now = ctx.now();
  const members = sql`(select m.user_id from crew_members m where m.crew_id = ${crewId}::uuid)`;
  return queryRows(
    ctx.db,
    sql`with ${scoredCycles(now, sql`c.user_id in ${members}`)}
      select m.user_id, m.joined_at, p.display_name, p.avatar_url, p.first_name, u.email,
             s.current_day, coalesce(s.consistency, 0) as consistency, coalesce(s.streak, 0) as streak,
             coalesce(s.last_day = s.current_day, false) as checked_in_today,
             (${now.toISOString()}::timestamptz at time zone coalesce(us.timezone, ${DEFAULT_SETTINGS_TIMEZONE}))::date::text as local_today
      from crew_members m
      join profiles p on p.id = m.user_id
      join "user" u on u.id = m.user_id
      left join user_settings us on us.user_id = m.user_id
      left join scored s on s.user_id = m.user_id
      where m.crew_id = ${crewId}::uuid ${onlyUserId ? sql`and m.user_id = ${onlyUserId}` : sql``}
      order by consistency desc, streak desc, m.joined_at, m.user_id`,
  );
}

export async function crewBoard(
  ctx: ServiceContext,
  crewId: string,
  viewerId: string,
): Promise<CrewBoardEntry[]> {
  const [rows, crew, nudged] = await Promise.all([
    boardRows(ctx, crewId),
    ctx.db.select({ ownerId: crews.ownerId }).from(crews).where(eq(crews.id, crewId)),
    queryRows(
      ctx.db,
      sql`select to_user_id, local_date::text as local_date from crew_nudges
          where from_user_id = ${viewerId} and created_at > ${new Date(ctx.now().getTime() - 2 * DAY_MS).toISOString()}::timestamptz`,
    ),
  ]);
  const nudges = new Set(nudged.map((n) => `${String(n.to_user_id)}:${String(n.local_date)}`));
  return rows.map((r) => ({
    userId: String(r.user_id),
    displayName: String(r.display_name),
    avatarUrl: (r.avatar_url as string | null) ?? null,
    isOwner: String(r.user_id) === crew[0]?.ownerId,
    isMe: String(r.user_id) === viewerId,
    currentDay: r.current_day == null ? null : Number(r.current_day),
    checkedInToday: Boolean(r.checked_in_today),
    streak: Number(r.streak),
    consistency: Number(r.consistency),
    nudgedToday: nudges.has(`${String(r.user_id)}:${String(r.local_today)}`),
  }));
}
