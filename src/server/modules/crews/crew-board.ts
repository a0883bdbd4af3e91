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
  options: { onlyUserId?: string; viewerId?: string; crewFor?: string } = {},
) {
  const now = ctx.now();
  const members = sql`(select m.user_id from crew_members m where m.crew_id = ${crewId}::uuid)`;
  const localToday = sql`(${now.toISOString()}::timestamptz at time zone coalesce(us.timezone, ${DEFAULT_SETTINGS_TIMEZONE}))::date`;
  const nudged = options.viewerId
    ? sql`exists (select 1 from crew_nudges n where n.from_user_id = ${options.viewerId}
                    and n.to_user_id = m.user_id and n.local_date = ${localToday})`
    : sql`false`;
  // The crew page's gate (crewFor): the open crew's row on each line, and no line at all unless
  // `crewFor` is one of its members.
  const crew = options.crewFor
    ? {
        column: sql`, to_json(c) as crew`,
        join: sql`join crews c on c.id = m.crew_id and c.closed_at is null`,
        where: sql`and exists (select 1 from crew_members me
                                where me.crew_id = ${crewId}::uuid and me.user_id = ${options.crewFor})`,
      }
    : { column: sql``, join: sql``, where: sql`` };
  return queryRows(
    ctx.db,
    sql`with ${scoredCycles(now, sql`c.user_id in ${members}`)}
      select m.user_id, m.joined_at, p.display_name, p.avatar_url, p.first_name, u.email,
             s.current_day, coalesce(s.consistency, 0) as consistency, coalesce(s.streak, 0) as streak,
             coalesce(s.last_day = s.current_day, false) as checked_in_today,
             ${localToday}::text as local_today, ${nudged} as nudged_today ${crew.column}
      from crew_members m ${crew.join}
      join profiles p on p.id = m.user_id
      join "user" u on u.id = m.user_id
      left join user_settings us on us.user_id = m.user_id
      left join scored s on s.user_id = m.user_id
      where m.crew_id = ${crewId}::uuid ${crew.where}
        ${options.onlyUserId ? sql`and m.user_id = ${options.onlyUserId}` : sql``}
      order by consistency desc, streak desc, m.joined_at, m.user_id`,
  );
}

/**
 * The crew page's read, in one statement: the open crew `crewId` and its board as `viewerId` sees it,
 * or null unless `viewerId` is one of its members.
 */
export async function crewWithBoard(
  ctx: ServiceContext,
  crewId: string,
  viewerId: string,
): Promise<{ crew: CrewRow; board: CrewBoardEntry[] } | null> {
  const rows = await boardRows(ctx, crewId, { viewerId, crewFor: viewerId });
  if (rows.length === 0) return null;
  const crew = crewRowOf(rows[0].crew as CrewJson);
  return { crew, board: rows.map((r) => boardEntryOf(r, crew, viewerId)) };
}

function boardEntryOf(r: Record<string, unknown>, crew: CrewRow, viewerId: string): CrewBoardEntry {
  return {
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
  };
}

/** A crews row as `to_json` writes it. */
interface CrewJson {
  id: string;
  name: string;
  owner_id: string | null;
  invite_token_hash: string | null;
  invite_token_sealed: string | null;
  invite_expires_at: string | null;
  created_at: string;
  closed_at: string | null;
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

function crewRowOf(c: CrewJson): CrewRow {
  return {
    id: c.id,
    name: c.name,
    ownerId: c.owner_id,
    inviteTokenHash: c.invite_token_hash,
    inviteTokenSealed: c.invite_token_sealed,
    inviteExpiresAt: dateOrNull(c.invite_expires_at),
    createdAt: new Date(c.created_at),
    closedAt: dateOrNull(c.closed_at),
  };
}
