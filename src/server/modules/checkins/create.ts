import { randomUUID } from 'node:crypto';
import { CLIENT_CLOCK_SKEW_MINUTES, OFFLINE_CHECKIN_MAX_AGE_HOURS } from '@shared/constants';
import type { ConnectionActivityView, CreateCheckinResponse, CycleView } from '@shared/api-types';
import { postCaption } from '@shared/domain/checkin';
import { cyclePosition } from '@shared/domain/cycle-position';
import { streakOutlook } from '@shared/domain/forgiving-streak';
import { localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { CheckinData } from '@shared/domain/schemas';
import type { PostAudience } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { eq, sql, type SQL } from 'drizzle-orm';
import { preparedPer, type DbOrTx } from '../../db/client';
import { checkinUpdates, checkins, cycles, posts } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { idempotent, type IdempotencyRequest } from '../../lib/idempotency';
import { awardStreakBadge, streakBadgeOn } from '../../queries/streak-badge';
import { activeCycleWithToday } from '../../queries/cycles';
import {
  cycleStatsUpdate,
  OUTLOOK_COLUMNS,
  outlookValues,
  refreshCycleStats,
  ruleHistoryMd5,
  ruleHistoryTextOfC,
  ruleInputFields,
  ruleInputOf,
  ruleInputOfText,
} from '../../queries/cycle-stats';
import { endPauseFrom } from '../cycles/pauses';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import {
  connectionActivityOn,
  recentActivityView,
  sourceOfNumbers,
} from '../../queries/connection-activity';
import {
  audienceCrewNotYours,
  authorsOpenCrewName,
  storedAudience,
  type StoredAudience,
} from '../../queries/audience';
import { abandonedCutoff, abandonedUpdatesDeleteQuery, checkinView, journalOrNull } from './parts';

/**
 * The check-in's write, prepared once per connection (decision 0123): one statement (decisions 0128
 * and 0131) that inserts the check-in (none if the day has one already), its post, when the author
 * is in the crew it is for (the check `resolveAudience` makes), and deletes the member's abandoned
 * updates (removeAbandonedUpdates).
 *
 * At once (decision 0135: `ruleMd5` given, outside a transaction), it also keeps the cycle's columns
 * (`cycleStatsUpdate`, with the streak rule's outlook the caller computed with the new date), and
 * writes nothing unless the author is in the crew and what the rule reads of the cycle is still what
 * the caller read (its `ruleHistoryText`, by md5): the caller then writes in a transaction instead.
 * Without `ruleMd5` (in the transaction), it reads what the streak rule reads of the cycle
 * (`ruleInputFields`) for the caller's refreshCycleStats. The statement's own reads see the tables as
 * they were before it: the new check-in's date is added to the rule's dates by the caller.
 */
export const checkinWrite = preparedPer((db: DbOrTx) => {
  const p = sql.placeholder;
  const crewId = sql`${p('crewId')}::uuid`;
  const ruleMd5 = sql`${p('ruleMd5')}::text`;
  // The crew's name if the author is in it now: checked once, read by the post and the answer.
  const postCrew = db
    .$with('post_crew', { name: sql<string | null>`name` })
    .as(sql`select ${authorsOpenCrewName(crewId, sql`${p('userId')}`)} as name`);
  const crewAllows = sql`(${crewId} is null or (select name from post_crew) is not null)`;
  const atOnceAllows = db.$with('at_once_allows', { ok: sql<boolean>`ok` }).as(
    sql`select ${crewAllows} and md5(${ruleHistoryTextOfC}) = ${ruleMd5} as ok from cycles c
      where c.id = ${p('cycleId')}::uuid and c.user_id = ${p('userId')} and c.is_active`,
  );
  const newCheckin = db
    .$with('new_checkin', {
      id: sql<string>`id`,
    })
    .as(
      sql`insert into ${checkins} (id, cycle_id, user_id, day_number, local_date, moved_minutes, steps,
          protein_target_hit, hydration_goal_hit, journal_md, media_url, activity_source, activity_at,
          created_at, completed_at, updated_at)
        select ${p('id')}::uuid, ${p('cycleId')}::uuid, ${p('userId')}, ${p('dayNumber')}::int,
          ${p('localDate')}::date, ${p('movedMinutes')}::int, ${p('steps')}::int,
          ${p('proteinTargetHit')}::boolean, ${p('hydrationGoalHit')}::boolean, ${p('journalMd')}::text,
          null, ${p('activitySource')}::text, ${p('activityAt')}::timestamptz, ${p('now')}::timestamptz,
          ${p('now')}::timestamptz, ${p('now')}::timestamptz
        where ${ruleMd5} is null or (select ok from at_once_allows)
        on conflict do nothing
        returning id, cycle_id, day_number, moved_minutes, steps`,
    );
  const newPost = db.$with('new_post', { id: sql<string>`id` }).as(
    sql`insert into ${posts} (checkin_id, user_id, caption, visibility, crew_id, created_at)
      select new_checkin.id, ${p('userId')}, ${p('caption')}, ${p('visibility')}, ${crewId},
        ${p('now')}::timestamptz
      from new_checkin where ${crewAllows}
      returning id`,
  );
  // A data-modifying WITH runs whether or not the select reads it.
  const abandoned = db
    .$with('abandoned')
    .as(abandonedUpdatesDeleteQuery(db).returning({ id: checkinUpdates.id }));
  const statsKept = db.$with('stats_kept', { id: sql<string>`id` }).as(
    sql`${cycleStatsUpdate(
      sql`select v.* from (select ${p('cycleId')}::uuid, ${p('pausedDays')}::int,
          ${p('pausedDates')}::text, ${p('restDates')}::text, ${p('longest')}::int, ${p('run')}::int,
          ${p('through')}::date, ${p('atRiskFrom')}::date) as v(${OUTLOOK_COLUMNS})
        where ${ruleMd5} is not null and exists (select 1 from new_checkin)`,
      sql`select cycle_id, day_number, moved_minutes, steps from new_checkin`,
    )} returning c.id`,
  );
  // In the transaction only: what the rule reads, for the caller's refreshCycleStats.
  const inTransaction = <T>(field: SQL<T>) =>
    sql<T>`case when ${ruleMd5} is null then ${field} end`;
  return db
    .with(postCrew, atOnceAllows, newCheckin, newPost, abandoned, statsKept)
    .select({
      inserted: sql<boolean>`exists (select 1 from new_checkin)`,
      postId: sql<string | null>`(select id from new_post)`,
      crewName: sql<string | null>`(select name from post_crew)`,
      statsKept: sql<boolean>`exists (select 1 from stats_kept)`,
      ...ruleInputFields,
      dates: inTransaction(ruleInputFields.dates),
      pauses: inTransaction(ruleInputFields.pauses),
      plans: inTransaction(ruleInputFields.plans),
    })
    .from(sql`cycles c`)
    .where(sql`c.id = ${p('cycleId')}::uuid`)
    .prepare('checkin_write');
});

/** The outlook's placeholders of checkinWrite, for a write in the transaction (none written). */
const NO_OUTLOOK = {
  ruleMd5: null,
  pausedDays: null,
  pausedDates: null,
  restDates: null,
  longest: null,
  run: null,
  through: null,
  atRiskFrom: null,
};

type NewCheckin = typeof checkins.$inferSelect;

/** checkinWrite's placeholders for the row, its post and the clock. */
function writeParams(checkin: NewCheckin, input: CheckinData, audience: StoredAudience, now: Date) {
  return {
    ...checkin,
    activityAt: checkin.activityAt?.toISOString() ?? null,
    now,
    caption: postCaption(input.journalMd),
    visibility: audience.visibility,
    crewId: audience.crewId,
    cutoff: abandonedCutoff(now),
  };
}

/** The row a check-in writes (its id made here, so nothing is read back). */
function newCheckinRow(
  userId: string,
  cycleId: string,
  day: { localDate: LocalDate; dayNumber: number },
  input: CheckinData,
  activity: ConnectionActivityView | null,
  now: Date,
): NewCheckin {
  // Numbers kept as a connection filled them in carry its source onto the post (decision 0045).
  const source = sourceOfNumbers(activity, input);
  return {
    id: randomUUID(),
    cycleId,
    userId,
    dayNumber: day.dayNumber,
    localDate: day.localDate,
    movedMinutes: input.movedMinutes,
    steps: input.steps,
    proteinTargetHit: input.proteinTargetHit,
    hydrationGoalHit: input.hydrationGoalHit,
    journalMd: journalOrNull(input.journalMd),
    mediaUrl: null,
    activitySource: source?.source ?? null,
    activityAt: source ? new Date(source.at) : null,
    createdAt: now,
    completedAt: now,
    updatedAt: now,
  };
}

/** The answer's view of a check-in just written (a new check-in has no files or updates: no read back). */
function newCheckinView(
  checkin: NewCheckin,
  written: { postId: string | null; crewName: string | null },
  audience: StoredAudience,
  now: Date,
) {
  return checkinView(
    { checkin, postId: written.postId, ...audience, crewName: written.crewName },
    { media: [], updates: [], updateMedia: [] },
    now,
  );
}

/**
 * Today's check-in and its post: both or neither. The database allows one check-in per cycle day and
 * per local date, so a double-click or 20 racing requests make exactly one. A complete cycle (past
 * day 90) takes no check-in: the member starts a new cycle first.
 *
 * Most check-ins are one statement outside a transaction (decision 0135: `writeAtOnce`); the rest
 * are written in a transaction (`writeInTransaction`).
 *
 * A check-in made offline carries `madeAt` and counts for the member's local day at that instant
 * (today or, within OFFLINE_CHECKIN_MAX_AGE_HOURS, yesterday; docs/decisions/0023). With an
 * idempotency key, a repeat returns the first answer and creates nothing.
 */
export async function createCheckin(
  ctx: ServiceContext,
  input: CheckinData & { audience?: PostAudience },
  options: { madeAt?: Date; idempotency?: IdempotencyRequest } = {},
): Promise<CreateCheckinResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  // The cycle is read before the write (decision 0131): a read that locks nothing sees the same
  // committed row at READ COMMITTED either way, and outside a transaction the check-ins of one
  // moment share its round trip (`batchedPer`) instead of taking one each. Awaited before `begin`,
  // so no request holds a pooled connection while it waits for another. A repeat of an idempotent
  // check-in answers what it answered first, whatever this read says now.
  const atOnce = !options.madeAt && !options.idempotency;
  const start = await activeCycleWithToday(ctx.db, member.userId, now, { withRule: atOnce }).catch(
    (error: unknown) => ({ error }),
  );
  if (!('error' in start) && atOnce) {
    const written = await writeAtOnce(ctx, member.userId, start, input, now);
    if (written) return written;
  }
  return idempotent(ctx, member.userId, options.idempotency, 201, async (ctx) => {
    if ('error' in start) throw start.error;
    return writeInTransaction(ctx, member.userId, start, input, options.madeAt, now);
  });
}

type CycleStart = Awaited<ReturnType<typeof activeCycleWithToday>>;

/**
 * Today's check-in in one statement, outside a transaction (decision 0135), when nothing but the
 * check-in, its post and the cycle's kept columns is written: it is today's, no pause ends, no badge
 * is earned. Null when it is not such a check-in or the statement wrote nothing (the crew is not the
 * author's, today has a check-in, or what the streak rule reads changed since `start`): the caller
 * writes it in a transaction, which answers why.
 */
async function writeAtOnce(
  ctx: ServiceContext,
  userId: string,
  start: CycleStart,
  input: CheckinData & { audience?: PostAudience },
  now: Date,
): Promise<CreateCheckinResponse | null> {
  const { cycle, todayCheckinId, todayActivity, ruleText } = start;
  const localDate = cycle.today;
  if (ruleText === undefined || todayActivity === undefined || todayCheckinId !== null) return null;
  if (localDate < cycle.startDate || cycle.pausedDates.includes(localDate)) return null;
  const position = cyclePosition(cycle.startDate, cycle.pausedDates, localDate);
  if (position.complete) return null;
  const rule = ruleInputOfText(cycle.id, userId, ruleText, [localDate]);
  if (streakBadgeOn(rule.history, localDate).code) return null;
  const audience = storedAudience(input.audience);
  const activity = todayActivity && recentActivityView(todayActivity);
  const day = { localDate, dayNumber: position.day };
  const checkin = newCheckinRow(userId, cycle.id, day, input, activity, now);
  const [written] = await checkinWrite(ctx.db).execute({
    ...writeParams(checkin, input, audience, now),
    ruleMd5: ruleHistoryMd5(ruleText),
    ...outlookValues(streakOutlook(rule.history)),
  });
  if (!written?.inserted) return null;
  // Only a cycle deleted under the statement could leave its columns unkept: the check-in's
  // foreign key would have failed first. Said, should it ever happen.
  if (!written.statsKept)
    ctx.logger.error({ cycleId: cycle.id }, 'check-in: cycle columns not kept');
  invalidateFeedAfterCommit(ctx);
  return { checkin: newCheckinView(checkin, written, audience, now), badge: null };
}

/** A check-in in the caller's transaction: its day checked, its cycle's columns refreshed, its badge awarded. */
async function writeInTransaction(
  ctx: ServiceContext,
  userId: string,
  start: CycleStart,
  input: CheckinData & { audience?: PostAudience },
  madeAt: Date | undefined,
  now: Date,
): Promise<CreateCheckinResponse> {
  const { cycle, todayActivity } = start;
  const day = await checkinDay(ctx, cycle, madeAt, now);
  // Numbers kept as a connection filled them in carry its source onto the post (decision 0045):
  // today's came with the cycle; another day's (a check-in queued offline) is read on its own.
  const activity =
    day.localDate === cycle.today && todayActivity !== undefined
      ? todayActivity && recentActivityView(todayActivity)
      : await connectionActivityOn(ctx.db, userId, day.localDate);
  const audience = storedAudience(input.audience);
  const checkin = newCheckinRow(userId, cycle.id, day, input, activity, now);
  const [written] = await checkinWrite(ctx.db).execute({
    ...writeParams(checkin, input, audience, now),
    ...NO_OUTLOOK,
  });
  // The order a member sees: a second check-in of the day is refused before its audience is.
  if (!written?.inserted) throw new AppError('conflict', msg.alreadyCheckedInToday);
  if (!written.postId) throw audienceCrewNotYours();
  const rule = ruleInputOf(written, [checkin.localDate]);
  await refreshCycleStats(ctx.db, [cycle.id], [rule]);
  const badge = await awardStreakBadge(ctx.db, {
    userId: checkin.userId,
    rule,
    localDate: checkin.localDate,
  });
  invalidateFeedAfterCommit(ctx);
  return { checkin: newCheckinView(checkin, written, audience, now), badge };
}

/**
 * The local day and cycle day a new check-in counts for. Without `madeAt`: today. With it (a
 * check-in queued offline): the member's local date at `madeAt`, which must be at most
 * OFFLINE_CHECKIN_MAX_AGE_HOURS old (so at most yesterday) and not in the future beyond clock skew
 * (a clock slightly ahead counts as today), and inside the active cycle. `madeAt` is the device's
 * word: the age bound is what limits how far a member can move a check-in back.
 *
 * Paused dates are no days of the cycle (decision 0099): a check-in today ends a pause under way
 * (the member is back), and a paused day that has passed takes none. The day number skips paused
 * dates, and the cycle's last day is later by them.
 */
async function checkinDay(
  ctx: ServiceContext,
  cycle: CycleView,
  madeAt: Date | undefined,
  now: Date,
): Promise<{ localDate: LocalDate; dayNumber: number }> {
  let localDate = cycle.today;
  if (madeAt) {
    const age = now.getTime() - madeAt.getTime();
    if (age < -CLIENT_CLOCK_SKEW_MINUTES * 60_000)
      throw new AppError('validation_failed', msg.checkinMadeAtInvalid);
    if (age > OFFLINE_CHECKIN_MAX_AGE_HOURS * 3_600_000)
      throw new AppError('conflict', msg.checkinQueuedTooOld);
    const madeOn = localDateIn(madeAt, cycle.timeZone);
    if (madeOn < localDate) localDate = madeOn;
  }
  if (localDate < cycle.startDate)
    throw new AppError(
      'conflict',
      madeAt ? msg.checkinQueuedBeforeCycle : msg.checkinBeforeCycleStart,
    );
  let pausedDates = cycle.pausedDates;
  if (pausedDates.includes(localDate)) {
    if (localDate !== cycle.today) throw new AppError('conflict', msg.checkinOnPausedDay);
    await endPauseFrom(ctx, cycle.id, cycle.today);
    const [row] = await ctx.db
      .select({ pausedDates: cycles.pausedDates })
      .from(cycles)
      .where(eq(cycles.id, cycle.id));
    pausedDates = row.pausedDates;
  }
  const position = cyclePosition(cycle.startDate, pausedDates, localDate);
  if (position.complete) throw new AppError('conflict', msg.cycleCompleteNoCheckin);
  return { localDate, dayNumber: position.day };
}
