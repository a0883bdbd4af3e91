import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Recomputes the check-in aggregates on cycles (count, totals, last day, the run ending there and the
 * longest run) from the check-ins themselves, with a gaps-and-islands query. Runs in the check-in's
 * transaction for one cycle, or for every cycle after a bulk import (no ids).
 */
export async function refreshCycleStats(db: DbOrTx, cycleIds?: string[]): Promise<void> {
  const filter = cycleIds
    ? sql`where k.cycle_id in (${sql.join(
        cycleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const target = cycleIds
    ? sql`c.id in (${sql.join(
        cycleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`true`;
  await db.execute(sql`
    with days as (
      select k.cycle_id, k.day_number, k.moved_minutes, k.steps,
             k.day_number - row_number() over (partition by k.cycle_id order by k.day_number) as run_key
      from checkins k ${filter}
    ),
    runs as (
      select cycle_id, run_key, count(*)::int as len, max(day_number) as last_day,
             sum(moved_minutes) as minutes, sum(steps) as steps
      from days group by cycle_id, run_key
    ),
    -- One pass over the runs (no per-cycle subquery: over every cycle that was quadratic): the run
    -- ending on the last day checked in, and the longest run.
    stats as (
      select cycle_id, sum(len)::int as n, coalesce(sum(minutes), 0)::int as minutes,
             coalesce(sum(steps), 0)::bigint as steps, max(last_day) as last_day,
             (array_agg(len order by last_day desc))[1] as last_run,
             max(len) as longest
      from runs group by cycle_id
    )
    update cycles c set
      checkin_count = coalesce(s.n, 0),
      total_minutes = coalesce(s.minutes, 0),
      total_steps = coalesce(s.steps, 0),
      last_day = coalesce(s.last_day, 0),
      last_run = coalesce(s.last_run, 0),
      longest_streak = coalesce(s.longest, 0)
    from cycles c2 left join stats s on s.cycle_id = c2.id
    where c.id = c2.id and ${target}
  `);
}
