import { and, eq, sql } from 'drizzle-orm';
import {
  CYCLE_LENGTH_DAYS,
  DEFAULT_SETTINGS_TIMEZONE,
  STREAK_MODE_CHOICE_DAYS,
  type StreakMode,
} from '@shared/constants';
import type { CycleView } from '@shared/api-types';
import { cyclePosition, dateOfDay, keptStreakOn, pauseSpans } from '@shared/domain/cycle-position';
import type { RestPlan } from '@shared/domain/forgiving-streak';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { batchedPer, preparedPer, rowByAsk, type DbOrTx } from '../db/client';
import { checkins, connectionActivity, cycles, restDayPlans, userSettings } from '../db/schema';
import { effectiveTimeZone, storedTimeZoneColumns } from './time-zone';
import { cycleStartSql, sharesWeightSql, weightChangeSql } from './weight';
import { refreshCycleStats, STREAK_RULE_VERSION } from './cycle-stats';

// Building blocks the cycle, check-in and feed services share. They take the database (or the
// caller's transaction) and explicit arguments, and check nobody's rights: only services call them,
// after requireMember. They are not service entry points.

/**
 * The time zone the member's day is counted in at `now`: their settings zone (the browser's at
 * sign-up), or a newly chosen one once it has taken over (decision 0016), or the default.
 */
export async function memberTimeZone(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const [row] = await db
    .select(storedTimeZoneColumns)
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row ? effectiveTimeZone(row, now) : DEFAULT_SETTINGS_TIMEZONE;
}

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
      ${sql.placeholder('userIds')}::text[], ${sql.placeholder('withDays')}::boolean[],
      ${sql.placeholder('fromDates')}::date[], ${sql.placeholder('toDates')}::date[],
      ${sql.placeholder('weightZones')}::text[], ${sql.placeholder('ats')}::timestamptz[]
    ) with ordinality as asked(user_id, with_days, from_date, to_date, weight_zone, at, n)`;
  return db
    .select({
      n: sql<number>`asked.n::int`,
      ...storedTimeZoneColumns,
      cycleId: cycles.id,
      startDate: cycles.startDate,
      // What the streak rule kept on the cycle (decision 0098): home's day, pause and streak.
      mode: cycles.mode,
      pausedDates: cycles.pausedDates,
      streakRun: cycles.streakRun,
      streakThrough: cycles.streakThrough,
      atRiskFrom: cycles.atRiskFrom,
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
    })
    .from(asked)
    .leftJoin(userSettings, sql`${userSettings.userId} = asked.user_id`)
    .leftJoin(cycles, and(sql`${cycles.userId} = asked.user_id`, eq(cycles.isActive, true)))
    .prepare('active_cycle_starts');
}
const preparedCycleStarts = preparedPer(prepareCycleStarts);

type CycleStartRow = Awaited<ReturnType<ReturnType<typeof prepareCycleStarts>['execute']>>[number];

const cycleStart = batchedPer(
  async (db: DbOrTx, asks: readonly CycleStartAsk[]): Promise<Array<CycleStartRow | undefined>> => {
    const rows = await preparedCycleStarts(db).execute({
      userIds: asks.map((a) => a.userId),
      withDays: asks.map((a) => a.withDays),
      fromDates: asks.map((a) => a.fromDate),
      toDates: asks.map((a) => a.toDate),
      weightZones: asks.map((a) => a.weightZone),
      ats: asks.map((a) => a.at),
    });
    return rowByAsk(asks.length, rows);
  },
);

/** A connection's numbers for one of the member's dates: [date, steps, move minutes, source, received at]. */
export type RecentActivity = [string, number, number, string, string];

/** A cycle day's numbers, as My Cycle reads them. */
export interface CycleDayRow {
  day: number;
  date: LocalDate;
  movedMinutes: number;
  steps: number;
}

/** A cycle row's columns that its view reads. */
type CycleViewRow = Pick<
  typeof cycles.$inferSelect,
  'id' | 'startDate' | 'mode' | 'pausedDates' | 'streakRun' | 'streakThrough' | 'atRiskFrom'
>;

function cycleView(cycle: CycleViewRow, timeZone: string, now: Date): CycleView {
  const today = localDateIn(now, timeZone);
  // Paused dates are no days of the cycle: the day stops and Day 90 moves later (decision 0099).
  const position = cyclePosition(cycle.startDate, cycle.pausedDates, today);
  // The rule's outlook kept on the row: the same answer as the rule on the check-ins (0098).
  const kept = keptStreakOn(
    {
      lastDate: position.lastDate,
      streakRun: cycle.streakRun,
      aliveThrough: cycle.streakThrough,
      atRiskFrom: cycle.atRiskFrom,
    },
    today,
  );
  const lastModeDate = dateOfDay(cycle.startDate, cycle.pausedDates, STREAK_MODE_CHOICE_DAYS);
  const pause = pauseSpans(cycle.pausedDates).find((p) => p.end >= today) ?? null;
  return {
    id: cycle.id,
    startDate: cycle.startDate,
    today,
    day: position.day,
    totalDays: CYCLE_LENGTH_DAYS,
    timeZone,
    complete: position.complete,
    started: position.started,
    mode: cycle.mode as StreakMode,
    modeChangeableUntil: today <= lastModeDate ? lastModeDate : null,
    lastDate: position.lastDate,
    pausedDates: cycle.pausedDates,
    paused: position.paused,
    pause: pause && { startDate: pause.start, endDate: pause.end },
    streak: kept.streak,
    atRisk: kept.atRisk,
  };
}

/**
 * The member's active cycle on `now`, created starting their local today when they have none. Two
 * requests racing here both end up with the same cycle: the database allows one active cycle per member.
 */
export async function activeCycle(db: DbOrTx, userId: string, now: Date): Promise<CycleView> {
  return (await activeCycleWith(db, userId, now, false)).cycle;
}

/**
 * The active cycle (as activeCycle), its check-in days and the weight since Day 1, in one round trip
 * when the cycle exists and `sessionZone` (the member's zone as their session has it) is the zone in
 * effect; `weight` is undefined when it was not read and the caller must.
 */
export async function activeCycleWithDays(
  db: DbOrTx,
  userId: string,
  now: Date,
  sessionZone: string,
): Promise<{
  cycle: CycleView;
  days: CycleDayRow[] | null;
  plans: RestPlan[] | undefined;
  weight: { changeKg: number | null; shared: boolean } | undefined;
}> {
  const { cycle, days, plans, weight } = await activeCycleWith(
    db,
    userId,
    now,
    true,
    false,
    sessionZone,
  );
  if (!weight || cycle.timeZone !== sessionZone) return { cycle, days, plans, weight: undefined };
  const [changeKg, shared] = weight;
  return {
    cycle,
    days,
    plans,
    weight: { changeKg: changeKg == null ? null : Number(changeKg), shared },
  };
}

/**
 * The active cycle (as activeCycle), the id of the member's check-in on their today and what a
 * connection sent for their today: each null when there is none, undefined when it was not read (a
 * cycle just started) and the caller must look.
 */
export async function activeCycleWithToday(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{
  cycle: CycleView;
  todayCheckinId: string | null | undefined;
  todayActivity: RecentActivity | null | undefined;
}> {
  const { cycle, recent, activity } = await activeCycleWith(db, userId, now, false, true);
  if (!recent || !activity) return { cycle, todayCheckinId: undefined, todayActivity: undefined };
  return {
    cycle,
    todayCheckinId: recent.find(([, date]) => date === cycle.today)?.[0] ?? null,
    todayActivity: activity.find(([date]) => date === cycle.today) ?? null,
  };
}

async function activeCycleWith(
  db: DbOrTx,
  userId: string,
  now: Date,
  withDays: boolean,
  withToday = false,
  weightZone: string | null = null,
): Promise<{
  cycle: CycleView;
  days: CycleDayRow[] | null;
  plans?: RestPlan[];
  recent?: Array<[string, string]>;
  activity?: RecentActivity[];
  weight?: [number | null, boolean] | null;
}> {
  const utcToday = now.toISOString().slice(0, 10);
  const row = await cycleStart(db, {
    userId,
    withDays,
    fromDate: withToday ? addDays(utcToday, -1) : null,
    toDate: withToday ? addDays(utcToday, 1) : null,
    weightZone,
    at: now.toISOString(),
  });
  if (row?.cycleId && row.startDate) {
    // The same zone memberTimeZone reads (no settings row: the default).
    const timeZone = effectiveTimeZone(row, now);
    const cycle = cycleView(
      {
        id: row.cycleId,
        startDate: row.startDate,
        mode: row.mode!,
        pausedDates: row.pausedDates ?? [],
        streakRun: row.streakRun ?? 0,
        streakThrough: row.streakThrough,
        atRiskFrom: row.atRiskFrom,
      },
      timeZone,
      now,
    );
    const days = withDays
      ? (row.days ?? []).map(([day, movedMinutes, steps, date]) => ({
          day,
          movedMinutes,
          steps,
          date,
        }))
      : null;
    const plans = withDays
      ? (row.plans ?? []).map(([from, weekdays]) => ({ from, weekdays }))
      : undefined;
    if (!withToday) return { cycle, days, plans, weight: row.weight };
    return { cycle, days, recent: row.recent ?? [], activity: row.activity ?? [] };
  }
  // No active cycle yet: start one on the member's today.
  const timeZone = await memberTimeZone(db, userId, now);
  const today = localDateIn(now, timeZone);
  const find = () =>
    db
      .select()
      .from(cycles)
      .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)))
      .limit(1);
  let [cycle] = await find();
  if (!cycle) {
    await db.insert(cycles).values({ userId, startDate: today }).onConflictDoNothing();
    [cycle] = await find();
  }
  if (cycle.ruleVersion < STREAK_RULE_VERSION) {
    // What the streak rule keeps on a new cycle: its rest dates from the member's plan (0098).
    await refreshCycleStats(db, [cycle.id]);
    [cycle] = await find();
  }
  // A new cycle has no check-ins yet; the caller reads them (null) rather than assume it.
  return { cycle: cycleView(cycle, timeZone, now), days: null };
}

/**
 * Ends the member's active cycle (its check-ins are kept) and starts the next at Day 1: on their today,
 * or tomorrow when today is already checked in. One check-in per local date means today's check-in
 * cannot also be the new cycle's Day 1: it stays the previous cycle's, and Day 1 is the next day, so
 * the new cycle can still reach 90 of 90 (decision 0032). Answers the new cycle's start date, and
 * whether it has started (false: it starts tomorrow).
 */
export async function replaceActiveCycle(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ startDate: LocalDate; started: boolean }> {
  await db
    .update(cycles)
    .set({ isActive: false, endedAt: now })
    .where(and(eq(cycles.userId, userId), eq(cycles.isActive, true)));
  const timeZone = await memberTimeZone(db, userId, now);
  const today = localDateIn(now, timeZone);
  const [checkedIn] = await db
    .select({ id: checkins.id })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), eq(checkins.localDate, today)))
    .limit(1);
  const startDate = checkedIn ? addDays(today, 1) : today;
  const made = await db
    .insert(cycles)
    .values({ userId, startDate })
    .onConflictDoNothing()
    .returning({ id: cycles.id });
  await refreshCycleStats(
    db,
    made.map((c) => c.id),
  );
  return { startDate, started: !checkedIn };
}
