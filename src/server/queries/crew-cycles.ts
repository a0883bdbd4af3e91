import { sql } from 'drizzle-orm';
import { CYCLE_LENGTH_DAYS, type StreakMode } from '@shared/constants';
import type { AdminCrewCycleView } from '@shared/api-types';
import { queryRows, type DbOrTx } from '../db/client';
import { zoneAt } from './time-zone';

const zone = (at: string) => zoneAt(sql`${at}::timestamptz`);

// Reads of crew cycles (issue 44): plain `(db, params)` functions, no authorization. The services
// that call them check who asks (crew-cycles module).

export interface CrewCycleRow {
  id: string;
  crewId: string;
  startDate: string;
  mode: StreakMode;
  goalMinutes: number | null;
}

const cycleColumns = sql`cc.id, cc.crew_id as "crewId", cc.start_date::text as "startDate",
  cc.mode, cc.goal_minutes as "goalMinutes"`;

/** Every cycle of a crew, oldest first. */
export function crewCyclesOf(db: DbOrTx, crewId: string): Promise<CrewCycleRow[]> {
  return queryRows<CrewCycleRow>(
    db,
    sql`select ${cycleColumns} from crew_cycles cc
        where cc.crew_id = ${crewId}::uuid order by cc.start_date`,
  );
}

/** A member of the crew, with their choice on one crew cycle and the cycle it holds, if any. */
export interface CrewCycleMemberRow {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  /** Their zone at the asked moment. */
  zone: string;
  choice: 'move' | 'stay' | null;
  chosenOn: string | null;
  /** The member's cycle the crew cycle holds (null: none yet). */
  heldCycleId: string | null;
  heldStartDate: string | null;
  heldActive: boolean | null;
  /** When the held cycle ended (a member who started another), ISO; null while active. */
  heldEndedAt: string | null;
  heldMinutes: number | null;
  heldMode: StreakMode | null;
  /** The member's active cycle. */
  activeCycleId: string | null;
  /** Another crew whose cycle holds their active cycle, or to which they chose to move. */
  heldByCrewId: string | null;
  heldByCrewName: string | null;
}

/** Every member of crew `crewId` with their place on crew cycle `crewCycleId`, at `at` (ISO). */
export function crewCycleMembers(
  db: DbOrTx,
  crewId: string,
  crewCycleId: string,
  at: string,
): Promise<CrewCycleMemberRow[]> {
  return queryRows<CrewCycleMemberRow>(
    db,
    sql`select m.user_id as "userId", p.display_name as "displayName", p.avatar_url as "avatarUrl",
          ${zone(at)} as zone, ccm.choice, ccm.chosen_on::text as "chosenOn",
          held.id as "heldCycleId", held.start_date::text as "heldStartDate",
          held.is_active as "heldActive", held.ended_at as "heldEndedAt",
          held.total_minutes as "heldMinutes", held.mode as "heldMode",
          ac.id as "activeCycleId", other.crew_id as "heldByCrewId", other.name as "heldByCrewName"
        from crew_members m
        join profiles p on p.id = m.user_id
        left join user_settings s on s.user_id = m.user_id
        left join crew_cycle_members ccm on ccm.crew_cycle_id = ${crewCycleId}::uuid and ccm.user_id = m.user_id
        left join cycles held on held.id = ccm.cycle_id
        left join cycles ac on ac.user_id = m.user_id and ac.is_active
        left join lateral (
          select oc.crew_id, oc2.name from crew_cycle_members o
          join crew_cycles oc on oc.id = o.crew_cycle_id
          join crews oc2 on oc2.id = oc.crew_id
          where o.user_id = m.user_id and o.crew_cycle_id <> ${crewCycleId}::uuid
            and ((o.cycle_id is not null and o.cycle_id = ac.id) or (o.choice = 'move' and o.cycle_id is null))
          limit 1
        ) other on true
        where m.crew_id = ${crewId}::uuid
        order by m.joined_at, m.user_id`,
  );
}

/** The member `userId`'s zone at `at`. */
export async function memberZone(db: DbOrTx, userId: string, at: string): Promise<string> {
  const [row] = await queryRows<{ zone: string }>(
    db,
    sql`select ${zone(at)} as zone from (select ${userId}::text as user_id) u
        left join user_settings s on s.user_id = u.user_id`,
  );
  return row.zone;
}

/** The crew cycle that holds cycle `cycleId` (the member's mode is its mode), if any. */
export async function crewCycleHolding(
  db: DbOrTx,
  cycleId: string,
): Promise<{ crewName: string; mode: StreakMode } | undefined> {
  const [row] = await queryRows<{ crewName: string; mode: StreakMode }>(
    db,
    sql`select c.name as "crewName", cc.mode from crew_cycle_members ccm
        join crew_cycles cc on cc.id = ccm.crew_cycle_id
        join crews c on c.id = cc.crew_id
        where ccm.cycle_id = ${cycleId}::uuid`,
  );
  return row;
}

/**
 * Moves chosen before Day 1 whose Day 1 has begun at `at` in their member's zone: member, crew
 * cycle, chosen date (`through`, UTC's date a day on, keeps the read to the start-date index).
 */
export function waitingMoves(
  db: DbOrTx,
  at: string,
  through: string,
  options: { crewCycleId?: string; limit?: number } = {},
): Promise<
  Array<{
    userId: string;
    crewCycleId: string;
    startDate: string;
    mode: StreakMode;
    chosenOn: string;
  }>
> {
  return queryRows(
    db,
    sql`select ccm.user_id as "userId", ccm.crew_cycle_id as "crewCycleId",
          cc.start_date::text as "startDate", cc.mode, ccm.chosen_on::text as "chosenOn"
        from crew_cycle_members ccm
        join crew_cycles cc on cc.id = ccm.crew_cycle_id
        left join user_settings s on s.user_id = ccm.user_id
        where ccm.choice = 'move' and ccm.cycle_id is null and cc.start_date <= ${through}::date
          and (${at}::timestamptz at time zone ${zone(at)})::date >= cc.start_date
          ${options.crewCycleId ? sql`and ccm.crew_cycle_id = ${options.crewCycleId}::uuid` : sql``}
        order by cc.start_date, ccm.user_id
        limit ${options.limit ?? 500}`,
  );
}

/** A Day 1 or Day 90 photo a member shared where crew `crewId` sees it: the first image of the day's post. */
export interface SharedDayPhotoRow {
  userId: string;
  day: number;
  date: string;
  storagePath: string;
}

/** The first image of each asked cycle's Day 1 and Day 90 check-in posts that crew `crewId` may see. */
export function sharedDayPhotos(
  db: DbOrTx,
  crewId: string,
  cycleIds: string[],
): Promise<SharedDayPhotoRow[]> {
  if (cycleIds.length === 0) return Promise.resolve([]);
  return queryRows<SharedDayPhotoRow>(
    db,
    sql`select distinct on (k.user_id, k.day_number)
          k.user_id as "userId", k.day_number as day, k.local_date::text as date,
          pm.storage_path as "storagePath"
        from checkins k
        join posts p on p.checkin_id = k.id and p.user_id = k.user_id and not p.is_hidden
        -- a progress photo is its owner's alone (issue 46, decision 0109): never a finale's
        join post_media pm on pm.post_id = p.id and pm.media_type = 'image' and pm.progress_pose is null
        where k.cycle_id = any(${sql.param(cycleIds)}::uuid[]) and k.day_number in (1, 90)
          and (p.visibility = 'public' or (p.visibility = 'crew' and p.crew_id = ${crewId}::uuid))
        order by k.user_id, k.day_number, pm.sort_index`,
  );
}

/** The viewer's nudges today to each crewmate (their local date), by nudged member. */
export async function nudgedToday(
  db: DbOrTx,
  fromUserId: string,
  asked: Array<{ userId: string; today: string }>,
): Promise<Set<string>> {
  if (asked.length === 0) return new Set();
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`select n.to_user_id as "userId" from crew_nudges n
        join unnest(${sql.param(asked.map((a) => a.userId))}::text[],
                    ${sql.param(asked.map((a) => a.today))}::date[]) as q(user_id, today)
          on q.user_id = n.to_user_id and q.today = n.local_date
        where n.from_user_id = ${fromUserId}`,
  );
  return new Set(rows.map((r) => r.userId));
}

/** The scheduled or running cycle of each asked crew (the admin's Crews screen), by crew id. */
export async function currentCrewCycles(
  db: DbOrTx,
  crewIds: string[],
  utcToday: string,
): Promise<Map<string, AdminCrewCycleView>> {
  if (crewIds.length === 0) return new Map();
  const rows = await queryRows<{
    crewId: string;
    startDate: string;
    mode: StreakMode;
    members: number;
  }>(
    db,
    sql`select distinct on (cc.crew_id) cc.crew_id as "crewId", cc.start_date::text as "startDate",
          cc.mode, (select count(*)::int from crew_cycle_members x
                    where x.crew_cycle_id = cc.id and x.cycle_id is not null) as members
        from crew_cycles cc
        where cc.crew_id = any(${sql.param(crewIds)}::uuid[])
          and cc.start_date + ${CYCLE_LENGTH_DAYS - 1}::int >= ${utcToday}::date
        order by cc.crew_id, cc.start_date`,
  );
  return new Map(
    rows.map((r) => [
      r.crewId,
      {
        startDate: r.startDate,
        mode: r.mode,
        state: r.startDate <= utcToday ? 'running' : 'scheduled',
        members: Number(r.members),
      },
    ]),
  );
}
