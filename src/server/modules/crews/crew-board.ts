import { sql } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS, DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CrewBoardEntry, CrewMemberToday } from '@shared/api-types';
import { askColumns, batchedPer, queryRows, rowByAsk, type DbOrTx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { scoredCycleSelect } from '../../queries/scored-cycles';
import type { CrewRow } from '../../queries/crew-rows';

// A crew's board: its members' consistency and streaks over their current cycles, as the community
// board scores them.

/** What one request asks of the board statement. */
interface BoardAsk {
  crewId: string;
  /** Whose nudges today are marked on each line; null: none. */
  viewerId: string | null;
  /** Only this member's line; null: every member's. */
  onlyUserId: string | null;
  /** The crew page's gate: no line at all unless the crew is open and `viewerId` is one of its members. */
  gated: boolean;
  at: string;
}

/** A member's line on a crew's board, as `json_agg` writes it. */
export interface BoardLine {
  user_id: string;
  display_name: string;
  avatar_url: string | null;
  first_name: string | null;
  /** Read for a nudge only (`onlyUserId`); null on the crew page. */
  email: string | null;
  current_day: number | null;
  /** Null without a cycle; false while a new cycle waits for its Day 1 (decision 0032). */
  started: boolean | null;
  consistency: number;
  streak: number;
  /** The cycle's streak mode (null without a cycle). */
  mode: string | null;
  /** Today in the member's zone (see CrewBoardEntry.today). */
  today_state: CrewMemberToday;
  /** The member's own today. */
  local_today: string;
  /** Whether the viewer has nudged them on it. */
  nudged_today: boolean;
}

/**
 * Each ask's crew (its row, as `to_json` writes it) and board lines in board order, or undefined when
 * the gate shuts: one statement for the asks of one moment (`batchedPer`, decision 0027), one row per
 * ask with its lines as one json value.
 */
const crewBoards = batchedPer(async (db: DbOrTx, asks: readonly BoardAsk[]) => {
  const column = askColumns(asks);
  // The zone the member's day is counted in at the asked moment, the one their check-ins are dated
  // in (effectiveTimeZone, modules/profile/time-zone.ts): a pending zone once its instant has come.
  const zone = sql`coalesce(case when us.pending_timezone_from <= asked.at then us.pending_timezone end, us.timezone)`;
  const localToday = sql`(asked.at at time zone coalesce(${zone}, ${DEFAULT_SETTINGS_TIMEZONE}))::date`;
  const rows = await queryRows<{ n: number; crew: CrewJson; lines: BoardLine[] }>(
    db,
    sql`select asked.n::int as n, to_json(c) as crew, (
        select coalesce(json_agg(l order by l.consistency desc, l.streak desc, l.joined_at, l.user_id), '[]')
        from (
          select m.user_id, m.joined_at, p.display_name, p.avatar_url, p.first_name,
                 -- The address only a nudge needs.
                 (select u.email from "user" u where u.id = m.user_id and asked.only_user_id is not null) as email,
                 s.current_day, s.started, coalesce(s.consistency, 0) as consistency, coalesce(s.streak, 0) as streak,
                 s.mode,
                 -- Today's check-in, whatever cycle it belongs to; else whether one can still be made.
                 case when exists (select 1 from checkins ck where ck.user_id = m.user_id
                                     and ck.local_date = ${localToday}) then 'checked-in'
                      when cy.start_date > ${localToday} then 'starts-later'
                      -- A paused date is no day of the cycle (decision 0099), and moves its end later.
                      when ${localToday} = any(cy.paused_dates) then 'paused'
                      when ${localToday} - cy.start_date >= ${CYCLE_LENGTH_DAYS} + cy.paused_days then 'cycle-complete'
                      else 'open' end as today_state,
                 ${localToday}::text as local_today,
                 exists (select 1 from crew_nudges nd where nd.from_user_id = asked.viewer_id
                           and nd.to_user_id = m.user_id and nd.local_date = ${localToday}) as nudged_today
          from crew_members m
          join profiles p on p.id = m.user_id
          left join user_settings us on us.user_id = m.user_id
          left join cycles cy on cy.user_id = m.user_id and cy.is_active
          left join lateral (${scoredCycleSelect(sql`asked.at`, sql`c.user_id = m.user_id`, zone)}) s on true
          where m.crew_id = asked.crew_id
            and (asked.only_user_id is null or m.user_id = asked.only_user_id)
        ) l
      ) as lines
      from unnest(${column((a) => a.crewId, 'uuid')}, ${column((a) => a.viewerId, 'text')},
                  ${column((a) => a.onlyUserId, 'text')}, ${column((a) => a.gated, 'boolean')},
                  ${column((a) => a.at, 'timestamptz')})
             with ordinality as asked(crew_id, viewer_id, only_user_id, gated, at, n)
      join crews c on c.id = asked.crew_id
      where not asked.gated or (c.closed_at is null and exists (
              select 1 from crew_members me where me.crew_id = asked.crew_id and me.user_id = asked.viewer_id))`,
  );
  return rowByAsk(asks.length, rows);
});

/** A crew member's board line, for a nudge to them: their today and whether they checked in on it. */
export async function boardLineOf(
  ctx: ServiceContext,
  crewId: string,
  userId: string,
): Promise<BoardLine | undefined> {
  const found = await crewBoards(ctx.db, {
    crewId,
    viewerId: null,
    onlyUserId: userId,
    gated: false,
    at: ctx.now().toISOString(),
  });
  return found?.lines[0];
}

/**
 * The crew page's read: the open crew `crewId` and its board as `viewerId` sees it, or null unless
 * `viewerId` is one of its members.
 */
export async function crewWithBoard(
  ctx: ServiceContext,
  crewId: string,
  viewerId: string,
): Promise<{ crew: CrewRow; board: CrewBoardEntry[] } | null> {
  const found = await crewBoards(ctx.db, {
    crewId,
    viewerId,
    onlyUserId: null,
    gated: true,
    at: ctx.now().toISOString(),
  });
  if (!found) return null;
  const crew = crewRowOf(found.crew);
  return { crew, board: found.lines.map((line) => boardEntryOf(line, crew, viewerId)) };
}

function boardEntryOf(line: BoardLine, crew: CrewRow, viewerId: string): CrewBoardEntry {
  return {
    userId: line.user_id,
    displayName: line.display_name,
    avatarUrl: line.avatar_url,
    isOwner: line.user_id === crew.ownerId,
    isMe: line.user_id === viewerId,
    currentDay: line.current_day,
    started: line.started === true,
    ...(line.mode === 'strict' ? { strict: true as const } : {}),
    today: line.today_state,
    checkedInToday: line.today_state === 'checked-in',
    streak: line.streak,
    consistency: line.consistency,
    nudgedToday: line.nudged_today,
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
