import { CREW_CYCLE_SCHEDULE_MAX_DAYS, type StreakMode } from '@shared/constants';
import type {
  CrewCycleBoardEntry,
  CrewCycleMemberState,
  CrewCycleMemberToday,
  CrewCycleOtherMember,
  CrewCycleState,
  CrewCycleSummary,
  CrewCycleView,
  CrewGoalView,
} from '@shared/api-types';
import {
  crewCycleLastDate,
  crewCyclePhase,
  crewDayOn,
  crewStreak,
  goalProgress,
  joinedDay,
  joinWindowClosesAt,
  joinWindowLastDate,
  joinWindowOpen,
  rulesLockAt,
  rulesLocked,
} from '@shared/domain/crew-cycle';
import { streakSummary, type StreakSummary } from '@shared/domain/forgiving-streak';
import { addDays, daysBetween, localDateIn, type LocalDate } from '@shared/domain/local-date';
import { msg } from '@shared/messages';
import {
  crewCycleMembers,
  crewCyclesOf,
  memberZone,
  nudgedToday,
  type CrewCycleMemberRow,
  type CrewCycleRow,
} from '../../queries/crew-cycles';
import { requireMember, type ServiceContext } from '../../lib/context';
import { crewOf } from '../../queries/crew-rows';
import { readRuleInputs } from '../../queries/cycle-stats';
import { switchWaitingMoves } from './switch';

// The crew page's crew cycle (issue 44, decisions 0113 and 0114): its phase for the viewer, their
// choice, the joining window, and the board of members on it with each one's own My Cycle numbers
// (the forgiving streak rule on their cycle's check-ins), the crew streak and the goal.

export interface CrewRef {
  id: string;
  name: string;
  ownerId: string | null;
}

/** The open crew `crewId` when the caller is one of its members, else 404 (whatever the reason). */
export async function memberCrew(
  ctx: ServiceContext,
  crewId: string,
  options: { lock?: boolean } = {},
): Promise<{ crew: CrewRef; userId: string }> {
  const member = requireMember(ctx);
  const crew = await crewOf(ctx.db, crewId, member.userId, options);
  return { crew, userId: member.userId };
}

/** GET /api/crews/:id/cycle. */
export async function getCrewCycleState(
  ctx: ServiceContext,
  input: { crewId: string },
): Promise<CrewCycleState> {
  const { crew, userId } = await memberCrew(ctx, input.crewId);
  return crewCycleState(ctx, crew, userId);
}

export function summaryOf(cycle: CrewCycleRow): CrewCycleSummary {
  return {
    id: cycle.id,
    crewId: cycle.crewId,
    startDate: cycle.startDate,
    lastDate: crewCycleLastDate(cycle.startDate),
    mode: cycle.mode,
    modeLabel: modeLabel(cycle.mode),
    goalMinutes: cycle.goalMinutes,
    rulesLockAt: rulesLockAt(cycle.startDate).toISOString(),
  };
}

export const modeLabel = (mode: StreakMode) =>
  mode === 'strict' ? msg.streakModeStrict : msg.streakModeForgiving;

/** The crew's cycles as `viewerId` sees them on the crew page. */
export async function crewCycleState(
  ctx: ServiceContext,
  crew: CrewRef,
  viewerId: string,
): Promise<CrewCycleState> {
  const now = ctx.now();
  const today = localDateIn(now, await memberZone(ctx.db, viewerId, now.toISOString()));
  const all = await crewCyclesOf(ctx.db, crew.id);
  const running = all.find((c) => c.startDate <= today && today <= crewCycleLastDate(c.startDate));
  const upcoming = all.find((c) => c.startDate > today);
  const shown = running ?? upcoming ?? all.at(-1) ?? null;
  const latest = all.at(-1);
  const afterLatest = latest ? addDays(crewCycleLastDate(latest.startDate), 1) : today;
  const scheduleFrom = afterLatest > today ? afterLatest : today;
  const scheduleUntil = addDays(today, CREW_CYCLE_SCHEDULE_MAX_DAYS);
  return {
    cycle: shown ? await crewCycleView(ctx, crew, shown, viewerId) : null,
    next: running && upcoming ? summaryOf(upcoming) : null,
    canSchedule: crew.ownerId === viewerId && !upcoming && scheduleFrom <= scheduleUntil,
    scheduleFrom,
    scheduleUntil,
  };
}

/** A member of the crew on the crew cycle: their row, today and their cycle by the streak rule. */
export interface Participant {
  row: CrewCycleMemberRow & { heldCycleId: string; heldStartDate: string };
  today: LocalDate;
  summary: StreakSummary;
}

/**
 * The crew's members with their place on `cycle`, and the ones on it with their own cycle as the
 * streak rule counts it on their today (My Cycle's numbers). Moves waiting for a Day 1 that has come
 * are made first, so the board never shows a member on the wrong cycle.
 */
export async function crewCycleMembersNow(
  ctx: ServiceContext,
  crew: CrewRef,
  cycle: CrewCycleRow,
): Promise<{ rows: CrewCycleMemberRow[]; participants: Participant[] }> {
  const now = ctx.now();
  await switchWaitingMoves(ctx, { crewCycleId: cycle.id });
  const rows = await crewCycleMembers(ctx.db, crew.id, cycle.id, now.toISOString());
  const lastDate = crewCycleLastDate(cycle.startDate);
  const held = rows.filter(
    (r): r is Participant['row'] =>
      r.heldCycleId !== null &&
      r.heldStartDate !== null &&
      // A member who started another cycle before Day 90 left the crew cycle.
      (r.heldActive === true ||
        (r.heldEndedAt !== null && localDateIn(new Date(r.heldEndedAt), r.zone) > lastDate)),
  );
  const inputs = new Map(
    (
      await readRuleInputs(
        ctx.db,
        held.map((r) => r.heldCycleId),
      )
    ).map((i) => [i.id, i.history]),
  );
  const participants = held.flatMap((row) => {
    const history = inputs.get(row.heldCycleId);
    if (!history) return [];
    const today = localDateIn(now, row.zone);
    return [{ row, today, summary: streakSummary(history, today) }];
  });
  return { rows, participants };
}

function todayOf(p: Participant): CrewCycleMemberToday {
  const { summary, today } = p;
  if (!summary.started) return 'starts-later';
  if (summary.complete) return 'cycle-complete';
  const mark = summary.days.find((d) => d.date === today)?.mark;
  if (mark === 'done') return 'checked-in';
  if (mark === 'rest') return 'rest';
  if (mark === 'paused') return 'paused';
  return 'not-yet';
}

function stateOf(row: CrewCycleMemberRow, onIt: boolean): CrewCycleMemberState {
  if (onIt) return 'on-crew-cycle';
  if (row.choice === 'move' && row.heldCycleId === null) return 'moving';
  if (row.choice !== null || row.heldByCrewId !== null) return 'on-own-cycle';
  return 'undecided';
}

export function goalOf(cycle: CrewCycleRow, participants: Participant[]): CrewGoalView | null {
  if (cycle.goalMinutes === null) return null;
  const doneMinutes = participants.reduce((sum, p) => sum + Number(p.row.heldMinutes ?? 0), 0);
  return {
    minutes: cycle.goalMinutes,
    doneMinutes,
    ...goalProgress(cycle.goalMinutes, doneMinutes),
  };
}

export const crewStreakOf = (cycle: CrewCycleRow, participants: Participant[]) =>
  crewStreak(
    cycle.startDate,
    participants.map((p) => ({
      summary: p.summary,
      cycleStart: p.row.heldStartDate,
      today: p.today,
    })),
  );

/** The members on the crew cycle, each with their own My Cycle numbers, ranked by consistency. */
function boardOf(
  cycle: CrewCycleRow,
  participants: Participant[],
  ownerId: string | null,
  viewerId: string,
  nudged: Set<string>,
): CrewCycleBoardEntry[] {
  return participants
    .map((p) => {
      const today = todayOf(p);
      return {
        userId: p.row.userId,
        displayName: p.row.displayName,
        avatarUrl: p.row.avatarUrl,
        isOwner: p.row.userId === ownerId,
        isMe: p.row.userId === viewerId,
        joinedDay: joinedDay(cycle.startDate, p.row.heldStartDate),
        day: p.summary.started ? p.summary.day : null,
        streak: p.summary.currentStreak,
        ...(p.row.heldMode === 'strict' ? { strict: true as const } : {}),
        atRisk: p.summary.atRisk,
        consistency: p.summary.consistency,
        checkins: p.summary.checkins,
        today,
        waiting: today === 'not-yet',
        nudgedToday: nudged.has(p.row.userId),
        minutes: Number(p.row.heldMinutes ?? 0),
      };
    })
    .sort(
      (a, b) =>
        b.consistency - a.consistency ||
        b.streak - a.streak ||
        a.displayName.localeCompare(b.displayName),
    );
}

async function crewCycleView(
  ctx: ServiceContext,
  crew: CrewRef,
  cycle: CrewCycleRow,
  viewerId: string,
): Promise<CrewCycleView> {
  const now = ctx.now();
  const { rows, participants } = await crewCycleMembersNow(ctx, crew, cycle);
  const viewer = rows.find((r) => r.userId === viewerId)!;
  const today = localDateIn(now, viewer.zone);
  const phase = crewCyclePhase(cycle.startDate, today, now);
  const locked = rulesLocked(cycle.startDate, now);
  const nudged = await nudgedToday(
    ctx.db,
    viewerId,
    participants.map((p) => ({ userId: p.row.userId, today: p.today })),
  );
  const board = boardOf(cycle, participants, crew.ownerId, viewerId, nudged);
  const onIt = new Set(participants.map((p) => p.row.userId));
  const others: CrewCycleOtherMember[] = rows
    .filter((r) => !onIt.has(r.userId))
    .map((r) => ({
      userId: r.userId,
      displayName: r.displayName,
      avatarUrl: r.avatarUrl,
      isOwner: r.userId === crew.ownerId,
      isMe: r.userId === viewerId,
      state: stateOf(r, false) as CrewCycleOtherMember['state'],
    }));
  const streak = crewStreakOf(cycle, participants);
  const myState = stateOf(viewer, onIt.has(viewerId));
  const windowOpen = phase !== 'finished' && joinWindowOpen(cycle.startDate, today);
  return {
    ...summaryOf(cycle),
    phase,
    today,
    crewDay: phase === 'running' ? crewDayOn(cycle.startDate, today) : null,
    daysToStart: Math.max(0, daysBetween(today, cycle.startDate)),
    rulesLocked: locked,
    canChangeRules: crew.ownerId === viewerId && !locked,
    joinWindow: {
      open: windowOpen,
      closesOn: joinWindowLastDate(cycle.startDate),
      closesAt: joinWindowClosesAt(cycle.startDate, viewer.zone).toISOString(),
    },
    me: {
      state: myState,
      canMove: windowOpen && myState !== 'on-crew-cycle' && myState !== 'moving',
      canStay: phase !== 'finished' && (myState === 'undecided' || myState === 'moving'),
      heldBy:
        viewer.heldByCrewId && viewer.heldByCrewName
          ? { crewId: viewer.heldByCrewId, crewName: viewer.heldByCrewName }
          : null,
    },
    board,
    others,
    crewStreak: {
      days: streak.days,
      longest: streak.longest,
      todayCounted: streak.todayCounted,
      waitingFor: streak.waiting.map((i) => ({
        userId: participants[i].row.userId,
        displayName: participants[i].row.displayName,
      })),
    },
    goal: goalOf(cycle, participants),
    finaleReady: today >= crewCycleLastDate(cycle.startDate),
  };
}
