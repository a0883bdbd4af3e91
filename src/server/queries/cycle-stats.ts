import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { StreakMode } from '@shared/constants';
import {
  streakOutlook,
  type StreakHistory,
  type StreakOutlook,
} from '@shared/domain/forgiving-streak';
import { cyclePosition, keptStreakOn } from '@shared/domain/cycle-position';
import type { LocalDate } from '@shared/domain/local-date';
import { askArray, queryRows, type ArrayElementType, type Db, type DbOrTx } from '../db/client';
import { cycles } from '../db/schema';

/** Cycles whose rule columns one statement computes at most, in a refresh of every cycle. */
const REFRESH_CHUNK = 5_000;
/** The streak rule's version on a cycle row once refreshCycleStats has computed its columns. */
/** What the streak rule keeps on a cycle row (decision 0098), for a select. */
export const keptStreakColumns = {
  mode: cycles.mode,
  pausedDates: cycles.pausedDates,
  streakRun: cycles.streakRun,
  streakThrough: cycles.streakThrough,
  atRiskFrom: cycles.atRiskFrom,
};

/**
 * A cycle on `today` from its kept row: its position (paused dates are no days of the cycle, decision
 * 0099) and the rule's outlook, the same answer as the rule on the check-ins (0098).
 */
export function keptOutlook(
  cycle: Pick<
    typeof cycles.$inferSelect,
    'startDate' | 'pausedDates' | 'streakRun' | 'streakThrough' | 'atRiskFrom'
  >,
  today: LocalDate,
) {
  const position = cyclePosition(cycle.startDate, cycle.pausedDates, today);
  const kept = keptStreakOn(
    {
      lastDate: position.lastDate,
      streakRun: cycle.streakRun,
      aliveThrough: cycle.streakThrough,
      atRiskFrom: cycle.atRiskFrom,
    },
    today,
  );
  return { position, kept };
}

export const STREAK_RULE_VERSION = 1;

/** A cycle as the streak rule reads it (decision 0098). */
export interface CycleRuleInput {
  id: string;
  userId: string;
  history: StreakHistory;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The check-in dates the streak rule reads of a cycle, as a json array in date order (null: none). */
const ruleDatesSql = (cycleId: SQL) => sql`(select json_agg(k.local_date order by k.local_date)
    from checkins k where k.cycle_id = ${cycleId})`;
/** Its pauses, [start, end] in start order. */
const rulePausesSql = (cycleId: SQL) => sql`(select json_agg(json_build_array(p.start_date,
    p.end_date) order by p.start_date) from cycle_pauses p where p.cycle_id = ${cycleId})`;
/** Its member's rest-day plans, [from, weekdays] in order. */
const rulePlansSql = (userId: SQL) => sql`(select json_agg(json_build_array(r.effective_from,
    r.weekdays) order by r.effective_from) from rest_day_plans r where r.user_id = ${userId})`;

/**
 * What the streak rule reads of a cycle (aliased `c`): its start, mode and check-in dates, its
 * pauses and its member's rest-day plans, as the fields of a select. createCheckin's transaction reads
 * them in the statement that writes the post (decision 0128), readRuleInputs on their own.
 */
export const ruleInputFields = {
  id: sql<string>`c.id`,
  userId: sql<string>`c.user_id`,
  startDate: sql<string>`c.start_date::text`,
  mode: sql<StreakMode>`c.mode`,
  dates: sql<string[] | string | null>`${ruleDatesSql(sql`c.id`)}`,
  pauses: sql<Array<[string, string]> | string | null>`${rulePausesSql(sql`c.id`)}`,
  plans: sql<Array<[string, number[]]> | string | null>`${rulePlansSql(sql`c.user_id`)}`,
};

/**
 * The same reads as one json text, `[start, mode, dates, pauses, plans]`: what a check-in reads with
 * its cycle before it writes, and what its write compares by md5 (`ruleHistoryMd5`), so the cycle's
 * kept columns are written with the check-in only if nothing the rule reads changed between the two
 * (decision 0135). The expressions are the cycle's columns and its member's id.
 */
export const ruleHistoryText = (cycle: { id: SQL; userId: SQL; startDate: SQL; mode: SQL }) =>
  sql<string>`json_build_array(${cycle.startDate}, ${cycle.mode}, ${ruleDatesSql(cycle.id)},
    ${rulePausesSql(cycle.id)}, ${rulePlansSql(cycle.userId)})::text`;

/** `ruleHistoryText` of the cycle a statement names `c` (the check-in's guard, and its tests). */
export const ruleHistoryTextOfC = ruleHistoryText({
  id: sql`c.id`,
  userId: sql`c.user_id`,
  startDate: sql`c.start_date`,
  mode: sql`c.mode`,
});

/** The md5 of a `ruleHistoryText`, as PostgreSQL's md5() gives it. */
export const ruleHistoryMd5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A cycle as the streak rule reads it, from its `ruleHistoryText`. */
export function ruleInputOfText(
  id: string,
  userId: string,
  text: string,
  alsoCheckedIn: readonly string[] = [],
): CycleRuleInput {
  const [startDate, mode, dates, pauses, plans] = JSON.parse(text) as [
    string,
    StreakMode,
    RuleRow['dates'],
    RuleRow['pauses'],
    RuleRow['plans'],
  ];
  return ruleInputOf({ id, userId, startDate, mode, dates, pauses, plans }, alsoCheckedIn);
}

type RuleRow = { [K in keyof typeof ruleInputFields]: (typeof ruleInputFields)[K]['_']['type'] };

/**
 * A cycle as the streak rule reads it, from the `ruleInputFields` of its row, with `alsoCheckedIn`:
 * dates the row's statement wrote itself and so could not read (a new check-in, decision 0131).
 */
export function ruleInputOf(r: RuleRow, alsoCheckedIn: readonly string[] = []): CycleRuleInput {
  const dates = json(r.dates) ?? [];
  return {
    id: r.id,
    userId: r.userId,
    history: {
      startDate: r.startDate,
      mode: r.mode,
      checkins: alsoCheckedIn.length ? [...dates, ...alsoCheckedIn].sort() : dates,
      pauses: (json(r.pauses) ?? []).map(([start, end]) => ({ start, end })),
      restPlans: (json(r.plans) ?? []).map(([from, weekdays]) => ({ from, weekdays })),
    },
  };
}

/** What the streak rule reads of each cycle (`ruleInputFields`), in one statement. */
export async function readRuleInputs(db: DbOrTx, cycleIds: string[]): Promise<CycleRuleInput[]> {
  if (cycleIds.length === 0) return [];
  const rows = await db
    .select(ruleInputFields)
    .from(sql`cycles c`)
    // `::uuid[]` again: inside any(), a bare scalar subquery would be read as a set of rows.
    .where(sql`c.id = any(${askArray(cycleIds, 'uuid')}::uuid[])`);
  return rows.map((r) => ruleInputOf(r));
}

const dateArray = (dates: string[]) => `{${dates.join(',')}}`;

/**
 * Recomputes what is kept on cycles from their check-ins, pauses and rest-day plans: the count,
 * totals, last day and the run ending there (a gaps-and-islands query), and what the streak rule says
 * for every later day (decision 0098): paused and rest dates, the longest streak, the streak after the
 * last check-in and the dates it stays alive and at risk. Runs in the transaction of the write that
 * changed one of them, for those cycles, or for every cycle (no ids) after a bulk import. Answers
 * what the rule read, by cycle id.
 */
export async function refreshCycleStats(
  db: DbOrTx,
  cycleIds?: string[],
  read?: CycleRuleInput[],
): Promise<Map<string, CycleRuleInput>> {
  if (!cycleIds) {
    const read = new Map<string, CycleRuleInput>();
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const ids = await queryRows<{ id: string }>(
        db,
        sql`select id from cycles where id > ${after}::uuid order by id limit ${REFRESH_CHUNK}`,
      );
      if (ids.length === 0) return read;
      await refreshCycleStats(
        db,
        ids.map((r) => r.id),
      );
      after = ids[ids.length - 1].id;
    }
  }
  // `read`: what the caller's own statement read of these cycles after its write (createCheckin).
  const inputs = read ?? (await readRuleInputs(db, cycleIds));
  if (inputs.length === 0) return new Map();
  const values = inputs.map((i) => outlookValues(streakOutlook(i.history)));
  // Each array through `askArray` (decision 0129): bare, the update was planned on every check-in.
  const column = (field: keyof ReturnType<typeof outlookValues>, type: ArrayElementType) =>
    askArray(
      values.map((v) => v[field]),
      type,
    );
  const ids = inputs.map((i) => i.id);
  await db.execute(
    cycleStatsUpdate(sql`
      select * from unnest(${askArray(ids, 'uuid')}, ${column('pausedDays', 'int')},
        ${column('pausedDates', 'text')}, ${column('restDates', 'text')}, ${column('longest', 'int')},
        ${column('run', 'int')}, ${column('through', 'date')}, ${column('atRiskFrom', 'date')})
        as v(${OUTLOOK_COLUMNS})`),
  );
  return new Map(inputs.map((i) => [i.id, i]));
}

/** The columns of an `asked` select of cycleStatsUpdate, in order. */
export const OUTLOOK_COLUMNS = sql.raw(
  'cycle_id, paused_days, paused_dates, rest_dates, longest, run, through, at_risk_from',
);

/** What the streak rule's outlook writes on a cycle row, as cycleStatsUpdate's `asked` takes it. */
export function outlookValues(outlook: StreakOutlook) {
  return {
    pausedDays: outlook.pausedDates.length,
    pausedDates: dateArray(outlook.pausedDates),
    restDates: dateArray(outlook.restDates),
    longest: outlook.longestStreak,
    run: outlook.streakRun,
    through: outlook.aliveThrough,
    atRiskFrom: outlook.atRiskFrom,
  };
}

/**
 * The update that keeps what is kept on cycles (refreshCycleStats): `asked` selects each cycle's id
 * and its rule's outlook (OUTLOOK_COLUMNS: outlookValues, paused and rest dates as text arrays), and
 * the count, totals, last day and the run ending there are counted from its check-ins, with
 * `written`'s (cycle_id, day_number, moved_minutes, steps): the check-ins the caller's statement
 * writes itself, which its reads cannot see (decision 0135).
 */
export function cycleStatsUpdate(asked: SQL, written?: SQL): SQL {
  return sql`
    with asked as (${asked}),
    kept as (
      select k.cycle_id, k.day_number, k.moved_minutes, k.steps
      from checkins k where k.cycle_id in (select cycle_id from asked)
      ${written ? sql`union all ${written}` : sql``}
    ),
    days as (
      select k.cycle_id, k.day_number, k.moved_minutes, k.steps,
             k.day_number - row_number() over (partition by k.cycle_id order by k.day_number) as run_key
      from kept k
    ),
    runs as (
      select cycle_id, run_key, count(*)::int as len, max(day_number) as last_day,
             sum(moved_minutes) as minutes, sum(steps) as steps
      from days group by cycle_id, run_key
    ),
    -- One pass over the runs (no per-cycle subquery: over every cycle that was quadratic): the run
    -- ending on the last day checked in.
    stats as (
      select cycle_id, sum(len)::int as n, coalesce(sum(minutes), 0)::int as minutes,
             coalesce(sum(steps), 0)::bigint as steps, max(last_day) as last_day,
             (array_agg(len order by last_day desc))[1] as last_run
      from runs group by cycle_id
    )
    update cycles c set
      checkin_count = coalesce(s.n, 0),
      total_minutes = coalesce(s.minutes, 0),
      total_steps = coalesce(s.steps, 0),
      last_day = coalesce(s.last_day, 0),
      last_run = coalesce(s.last_run, 0),
      longest_streak = a.longest,
      paused_days = a.paused_days,
      paused_dates = a.paused_dates::date[],
      rest_dates = a.rest_dates::date[],
      streak_run = a.run,
      streak_through = a.through,
      at_risk_from = a.at_risk_from,
      rule_version = ${STREAK_RULE_VERSION}
    from asked a left join stats s on s.cycle_id = a.cycle_id
    where c.id = a.cycle_id
  `;
}

/**
 * Recomputes the rule's columns of active cycles that were kept before the rule (rule_version below
 * STREAK_RULE_VERSION: cycles of an older release), `limit` at a time until none is left, so boards
 * and home agree with My Cycle without waiting for each member's next check-in (decision 0098).
 * Answers how many this call recomputed.
 *
 * Every process runs the job at start-up, so after a release they meet on the same cycles: each batch
 * claims its cycles in a transaction (`for no key update skip locked`, in id order), so two processes
 * share the work instead of updating the same rows in two orders (a deadlock, seen in the bench), and
 * a cycle a check-in is writing is left to that check-in, which keeps its columns itself.
 */
export async function refreshStaleCycles(db: Db, limit = 500): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const stale = await queryRows<{ id: string }>(
        tx,
        sql`select id from cycles where is_active and rule_version < ${STREAK_RULE_VERSION}
            order by id limit ${limit} for no key update skip locked`,
      );
      if (stale.length > 0)
        await refreshCycleStats(
          tx,
          stale.map((r) => r.id),
        );
      return stale.length;
    });
    if (claimed === 0) return done;
    done += claimed;
  }
}
