import { and, eq } from 'drizzle-orm';
import {
  CYCLE_LENGTH_DAYS,
  DEFAULT_SETTINGS_TIMEZONE,
  STREAK_MODE_CHOICE_DAYS,
  type StreakMode,
} from '@shared/constants';
import type { CycleView } from '@shared/api-types';
import { dateOfDay, pauseSpans } from '@shared/domain/cycle-position';
import type { RestPlan } from '@shared/domain/forgiving-streak';
import { addDays, localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { DbOrTx } from '../db/client';
import { checkins, cycles, userSettings } from '../db/schema';
import { cycleStart, type RecentActivity, type RecentFuel } from './cycle-starts';
import { effectiveTimeZone, storedTimeZoneColumns } from './time-zone';
import { keptOutlook, refreshCycleStats, STREAK_RULE_VERSION } from './cycle-stats';

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
  const { position, kept } = keptOutlook(cycle, today);
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
  return (await activeCycleWith(db, userId, now, {})).cycle;
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
  const { cycle, days, plans, weight } = await activeCycleWith(db, userId, now, {
    withDays: true,
    weightZone: sessionZone,
  });
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
 * cycle just started) and the caller must look. With `withRule`, also what the streak rule reads of
 * the cycle as `ruleHistoryText` (a check-in's, decision 0135), undefined when it was not read.
 */
export async function activeCycleWithToday(
  db: DbOrTx,
  userId: string,
  now: Date,
  options: { withRule?: boolean } = {},
): Promise<{
  cycle: CycleView;
  todayCheckinId: string | null | undefined;
  todayActivity: RecentActivity | null | undefined;
  todayFuel: RecentFuel | null | undefined;
  ruleText: string | undefined;
}> {
  const { cycle, recent, activity, fuel, ruleText } = await activeCycleWith(db, userId, now, {
    withToday: true,
    withRule: options.withRule,
  });
  if (!recent || !activity || !fuel)
    return {
      cycle,
      todayCheckinId: undefined,
      todayActivity: undefined,
      todayFuel: undefined,
      ruleText: undefined,
    };
  return {
    cycle,
    todayCheckinId: recent.find(([, date]) => date === cycle.today)?.[0] ?? null,
    todayActivity: activity.find(([date]) => date === cycle.today) ?? null,
    todayFuel: fuel.find(([date]) => date === cycle.today) ?? null,
    ruleText,
  };
}

/** What activeCycleWith read: the cycle and what its options asked for. */
interface ActiveCycleRead {
  cycle: CycleView;
  days: CycleDayRow[] | null;
  plans?: RestPlan[];
  recent?: Array<[string, string]>;
  activity?: RecentActivity[];
  fuel?: RecentFuel[];
  weight?: [number | null, boolean] | null;
  ruleText?: string;
}

async function activeCycleWith(
  db: DbOrTx,
  userId: string,
  now: Date,
  options: { withDays?: boolean; withToday?: boolean; withRule?: boolean; weightZone?: string },
): Promise<ActiveCycleRead> {
  const { withDays = false, withToday = false } = options;
  const utcToday = now.toISOString().slice(0, 10);
  const row = await cycleStart(db, {
    userId,
    withDays,
    fromDate: withToday ? addDays(utcToday, -1) : null,
    toDate: withToday ? addDays(utcToday, 1) : null,
    weightZone: options.weightZone ?? null,
    withRule: options.withRule ?? false,
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
    return {
      cycle,
      days,
      recent: row.recent ?? [],
      activity: row.activity ?? [],
      fuel: row.fuel ?? [],
      ruleText: row.rule ?? undefined,
    };
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
