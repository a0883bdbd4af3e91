/**
 * Weight sharing (decision 0036). Each weight a member saves is kept in `weight_history`; "the change
 * since Day 1" of a cycle compares the weight at a moment (a post's time, or now) with the cycle's
 * Day-1 weight: the last one recorded at or before the cycle's start (midnight of its first day in the
 * member's time zone), or else the first one recorded during the cycle. With one weight only there is
 * no change to show. Building blocks with no authorization: services call them after requireMember.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SETTINGS_TIMEZONE } from '@shared/constants';
import type { CycleView } from '@shared/api-types';
import { queryRows, type DbOrTx } from '../db/client';
import { weightHistory } from '../db/schema';

/** The instant a cycle starts: midnight of its first day in the time zone given (SQL). */
export const cycleStartSql = (startDate: SQL, timeZone: SQL) =>
  sql`(${startDate}::date::timestamp at time zone ${timeZone})`;

/**
 * The member's weight at `at` less their Day-1 weight of the cycle that starts at `start` and ended
 * at `end` (null: still running), in kg; null when either is unknown or they are the same entry.
 */
export function weightChangeSql(q: { userId: SQL; start: SQL; end: SQL; at: SQL }): SQL {
  const { userId, start, end, at } = q;
  return sql`(
    select case when cur.id <> base.id then cur.weight_kg - base.weight_kg end
    from (
      select w.id, w.weight_kg from weight_history w
      where w.user_id = ${userId} and w.recorded_at <= ${at}
      order by w.recorded_at desc limit 1
    ) cur,
    (
      select b.id, b.weight_kg from (
        (select w.id, w.weight_kg, 0 as o from weight_history w
          where w.user_id = ${userId} and w.recorded_at <= ${start}
          order by w.recorded_at desc limit 1)
        union all
        (select w.id, w.weight_kg, 1 as o from weight_history w
          where w.user_id = ${userId} and w.recorded_at > ${start}
            and (${end}::timestamptz is null or w.recorded_at <= ${end}::timestamptz)
          order by w.recorded_at asc limit 1)
      ) b order by b.o limit 1
    ) base
  )`;
}

/** The author's switch "Share my weight progress with the community" (off without a health profile). */
export const sharesWeightSql = (userId: SQL) =>
  sql`coalesce((select hp.social_share_weight from health_profile hp where hp.user_id = ${userId}), false)`;

/** A new entry when the weight saved differs from the last one recorded (or none was). */
export async function recordWeight(
  db: DbOrTx,
  userId: string,
  weightKg: number | null,
  at: Date,
): Promise<boolean> {
  if (weightKg === null) return false;
  const rows = await queryRows(
    db,
    sql`insert into ${weightHistory} (user_id, weight_kg, recorded_at)
      select ${userId}, ${weightKg}::double precision, ${at.toISOString()}::timestamptz
      where (
        select w.weight_kg from weight_history w where w.user_id = ${userId}
        order by w.recorded_at desc limit 1
      ) is distinct from ${weightKg}::double precision
      returning id`,
  );
  return rows.length > 0;
}

/** My Cycle's weight: the change since Day 1 of the member's active cycle, and whether they share it. */
export async function weightSinceDayOne(
  db: DbOrTx,
  userId: string,
  cycle: CycleView,
  now: Date,
): Promise<{ changeKg: number | null; shared: boolean }> {
  const id = sql`${userId}::text`;
  const [row] = await queryRows(
    db,
    sql`select ${weightChangeSql({
      userId: id,
      start: cycleStartSql(
        sql`${cycle.startDate}`,
        sql`${cycle.timeZone || DEFAULT_SETTINGS_TIMEZONE}::text`,
      ),
      end: sql`null`,
      at: sql`${now.toISOString()}::timestamptz`,
    })} as change_kg, ${sharesWeightSql(id)} as shared`,
  );
  return {
    changeKg: row?.change_kg == null ? null : Number(row.change_kg),
    shared: Boolean(row?.shared),
  };
}
