import { and, eq, sql } from 'drizzle-orm';
import { batchedPer, preparedPer, rowByAsk, type DbOrTx } from '../db/client';
import {
  checkins,
  connectionActivity,
  connectionFuel,
  cycles,
  fuelTargets,
  restDayPlans,
  userSettings,
} from '../db/schema';
import { keptStreakColumns, ruleHistoryText } from './cycle-stats';
import { storedTimeZoneColumns } from './time-zone';
import { cycleStartSql, sharesWeightSql, weightChangeSql } from './weight';

// The one read every home, check-in and My Cycle request starts with (queries/cycles.ts makes the
// member's active cycle of it): batched across the requests of one moment, prepared once.

/** What a request asks of `cycleStarts`: the member, whether My Cycle's days ride along, and the dates to look for "done today?" in. */
interface CycleStartAsk {
  userId: string;
  withDays: boolean;
  fromDate: string | null;
  toDate: string | null;
  /**
   * My Cycle's weight since Day 1, its cycle start counted in this zone (the session's: used only
   * when it is the zone the row's columns give), at `at`; null: not asked.
   */
  weightZone: string | null;
  /** What the streak rule reads of the cycle, as `ruleHistoryText` (a check-in's, decision 0135). */
  withRule: boolean;
  at: string;
}

/**
 * The members' zone columns and active cycles, one row per ask (`n`, from 1), in one indexed round trip
 * (the settings' primary key, the one-active-cycle index): what every home, check-in and My Cycle
 * request starts with. Prepared once per database handle, so the server plans it once per connection;
 * the asks come as arrays, so the requests of one moment share it (`batchedPer`, decision 0027).
 */
function prepareCycleStarts(db: DbOrTx) {
  const asked = sql`unnest(
      (select ${sql.placeholder('userIds')}::text[]), (select ${sql.placeholder('withDays')}::boolean[]),
      (select ${sql.placeholder('fromDates')}::date[]), (select ${sql.placeholder('toDates')}::date[]),
      (select ${sql.placeholder('weightZones')}::text[]), (select ${sql.placeholder('withRules')}::boolean[]),
      (select ${sql.placeholder('ats')}::timestamptz[])
    ) with ordinality as asked(user_id, with_days, from_date, to_date, weight_zone, with_rule, at, n)`;
  return db
    .select({
      n: sql<number>`asked.n::int`,
      ...storedTimeZoneColumns,
      cycleId: cycles.id,
      startDate: cycles.startDate,
      // What the streak rule kept on the cycle (decision 0098): home's day, pause and streak.
      ...keptStreakColumns,
      // My Cycle's days (at most 90 small rows) ride along: [day, moved minutes, steps, date], in day
      // order, with the member's rest-day plans ([from, weekdays]) the streak rule reads beside them.
      days: sql<Array<[number, number, number, string]> | null>`(
        select json_agg(json_build_array(k.day_number, k.moved_minutes, k.steps, k.local_date) order by k.day_number)
        from ${checkins} k where k.cycle_id = ${cycles.id} and asked.with_days
      )`,
      plans: sql<Array<[string, number[]]> | null>`(
        select json_agg(json_build_array(r.effective_from, r.weekdays) order by r.effective_from)
        from ${restDayPlans} r where r.user_id = asked.user_id and asked.with_days
      )`,
      // A check-in's: what the streak rule reads of the cycle, which its write compares (decision 0135).
      rule: sql<string | null>`case when asked.with_rule then ${ruleHistoryText({
        id: sql`${cycles.id}`,
        userId: sql`${cycles.userId}`,
        startDate: sql`${cycles.startDate}`,
        mode: sql`${cycles.mode}`,
      })} end`,
      // The home screen's "done today?": the member's check-ins on the dates around `now` (every
      // zone's today is within a day of UTC's), by the one-per-local-date index; null dates: none.
      recent: sql<Array<[string, string]> | null>`(
        select json_agg(json_build_array(k.id, k.local_date))
        from ${checkins} k where k.user_id = asked.user_id
          and k.local_date between asked.from_date and asked.to_date
      )`,
      // My Cycle's weight since Day 1 and whether it is shared (profile/weight.ts): [kg or null, shared].
      // A zone PostgreSQL does not know reads nothing here (the member's own read then fails alone),
      // rather than failing the statement the other members' asks share.
      weight: sql<
        [number | null, boolean] | null
      >`case when stackdays_known_zone(asked.weight_zone) then
        json_build_array(${weightChangeSql({
          userId: sql`asked.user_id`,
          start: cycleStartSql(sql`${cycles.startDate}`, sql`asked.weight_zone`),
          end: sql`null`,
          at: sql`asked.at`,
        })}, ${sharesWeightSql(sql`asked.user_id`)}) end`,
      // And what a connection sent for those dates (the home screen's "from your phone").
      activity: sql<RecentActivity[] | null>`(
        select json_agg(json_build_array(a.local_date, a.steps, a.moved_minutes, a.source, a.received_at))
        from ${connectionActivity} a where a.user_id = asked.user_id
          and a.local_date between asked.from_date and asked.to_date
      )`,
      // And the protein and water a phone bridge summed for them, with the member's targets (issue 45).
      fuel: sql<RecentFuel[] | null>`(
        select json_agg(json_build_array(f.local_date, f.protein_g, f.water_ml, f.source, f.received_at, t.protein_g, t.water_ml))
        from ${connectionFuel} f left join ${fuelTargets} t on t.user_id = f.user_id
        where f.user_id = asked.user_id and f.local_date between asked.from_date and asked.to_date
      )`,
    })
    .from(asked)
    .leftJoin(userSettings, sql`${userSettings.userId} = asked.user_id`)
    .leftJoin(cycles, and(sql`${cycles.userId} = asked.user_id`, eq(cycles.isActive, true)))
    .prepare('active_cycle_starts');
}
const preparedCycleStarts = preparedPer(prepareCycleStarts);

type CycleStartRow = Awaited<ReturnType<ReturnType<typeof prepareCycleStarts>['execute']>>[number];

export const cycleStart = batchedPer(
  async (db: DbOrTx, asks: readonly CycleStartAsk[]): Promise<Array<CycleStartRow | undefined>> => {
    const rows = await preparedCycleStarts(db).execute({
      userIds: asks.map((a) => a.userId),
      withDays: asks.map((a) => a.withDays),
      fromDates: asks.map((a) => a.fromDate),
      toDates: asks.map((a) => a.toDate),
      weightZones: asks.map((a) => a.weightZone),
      withRules: asks.map((a) => a.withRule),
      ats: asks.map((a) => a.at),
    });
    return rowByAsk(asks.length, rows);
  },
);

/** A connection's numbers for one of the member's dates: [date, steps, move minutes, source, received at]. */
export type RecentActivity = [string, number, number, string, string];

/** A bridge's fuel for one of the member's dates: [date, protein g, water ml, source, received at, protein target, water target]. */
export type RecentFuel = [
  string,
  number | null,
  number | null,
  string,
  string,
  number | null,
  number | null,
];
