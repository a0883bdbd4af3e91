import { randomUUID } from 'node:crypto';
import { CLIENT_CLOCK_SKEW_MINUTES, OFFLINE_CHECKIN_MAX_AGE_HOURS } from '@shared/constants';
import type { CreateCheckinResponse, CycleView } from '@shared/api-types';
import { postCaption } from '@shared/domain/checkin';
import { cyclePosition } from '@shared/domain/cycle-position';
import { localDateIn, type LocalDate } from '@shared/domain/local-date';
import type { CheckinData } from '@shared/domain/schemas';
import type { PostAudience } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { eq, sql } from 'drizzle-orm';
import { preparedPer, type DbOrTx } from '../../db/client';
import { checkinUpdates, checkins, cycles, posts } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { idempotent, type IdempotencyRequest } from '../../lib/idempotency';
import { awardStreakBadge } from '../../queries/streak-badge';
import { activeCycleWithToday } from '../../queries/cycles';
import { refreshCycleStats, ruleInputFields, ruleInputOf } from '../../queries/cycle-stats';
import { endPauseFrom } from '../cycles/pauses';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import {
  connectionActivityOn,
  recentActivityView,
  sourceOfNumbers,
} from '../../queries/connection-activity';
import { audienceCrewNotYours, authorsOpenCrewName, storedAudience } from '../../queries/audience';
import { abandonedCutoff, abandonedUpdatesDeleteQuery, checkinView, journalOrNull } from './parts';

/**
 * The check-in's write, prepared once per connection (decision 0123): one statement (decisions 0128
 * and 0131) that inserts the check-in (none if the day has one already), its post, when the author
 * is in the crew it is for (the check `resolveAudience` makes), deletes the member's abandoned updates
 * (removeAbandonedUpdates), and reads what the streak rule reads of the cycle (`ruleInputFields`).
 * The statement's own reads see the tables as they were before it: the new check-in's date is
 * added to the rule's dates by the caller.
 */
const checkinWrite = preparedPer((db: DbOrTx) => {
  const p = sql.placeholder;
  const crewId = sql`${p('crewId')}::uuid`;
  // The crew's name if the author is in it now: checked once, read by the post and the answer.
  const postCrew = db
    .$with('post_crew', { name: sql<string | null>`name` })
    .as(sql`select ${authorsOpenCrewName(crewId, sql`${p('userId')}`)} as name`);
  const newCheckin = db.$with('new_checkin').as(
    db
      .insert(checkins)
      .values({
        id: p('id'),
        cycleId: p('cycleId'),
        userId: p('userId'),
        dayNumber: p('dayNumber'),
        localDate: p('localDate'),
        movedMinutes: p('movedMinutes'),
        steps: p('steps'),
        proteinTargetHit: p('proteinTargetHit'),
        hydrationGoalHit: p('hydrationGoalHit'),
        journalMd: p('journalMd'),
        mediaUrl: null,
        activitySource: p('activitySource'),
        // Raw, as text: drizzle's encoder of a timestamp placeholder cannot take null.
        activityAt: sql`${p('activityAt')}::timestamptz`,
        createdAt: p('now'),
        completedAt: p('now'),
        updatedAt: p('now'),
      })
      .onConflictDoNothing()
      .returning({ id: checkins.id }),
  );
  const newPost = db.$with('new_post', { id: sql<string>`id` }).as(
    sql`insert into ${posts} (checkin_id, user_id, caption, visibility, crew_id, created_at)
      select new_checkin.id, ${p('userId')}, ${p('caption')}, ${p('visibility')}, ${crewId},
        ${p('now')}::timestamptz
      from new_checkin where ${crewId} is null or (select name from post_crew) is not null
      returning id`,
  );
  // A data-modifying WITH runs whether or not the select reads it.
  const abandoned = db
    .$with('abandoned')
    .as(abandonedUpdatesDeleteQuery(db).returning({ id: checkinUpdates.id }));
  return db
    .with(newCheckin, postCrew, newPost, abandoned)
    .select({
      inserted: sql<boolean>`exists (select 1 from new_checkin)`,
      postId: sql<string | null>`(select id from new_post)`,
      crewName: sql<string | null>`(select name from post_crew)`,
      ...ruleInputFields,
    })
    .from(sql`cycles c`)
    .where(sql`c.id = ${p('cycleId')}::uuid`)
    .prepare('checkin_write');
});

/**
 * Today's check-in and its post, in one transaction: both or neither. The database allows one
 * check-in per cycle day and per local date, so a double-click or 20 racing requests make exactly one.
 * A complete cycle (past day 90) takes no check-in: the member starts a new cycle first.
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
  // The cycle is read before the transaction (decision 0131): a read that locks nothing sees the
  // same committed row at READ COMMITTED either way, and outside a transaction the check-ins of one
  // moment share its round trip (`batchedPer`) instead of taking one each. Awaited before `begin`,
  // so no request holds a pooled connection while it waits for another. A repeat of an idempotent
  // check-in answers what it answered first, whatever this read says now.
  const start = await activeCycleWithToday(ctx.db, member.userId, now).catch((error: unknown) => ({
    error,
  }));
  return idempotent(ctx, member.userId, options.idempotency, 201, async (ctx) => {
    if ('error' in start) throw start.error;
    const { cycle, todayActivity } = start;
    const day = await checkinDay(ctx, cycle, options.madeAt, now);
    // Numbers kept as a connection filled them in carry its source onto the post (decision 0045):
    // today's came with the cycle; another day's (a check-in queued offline) is read on its own.
    const activity =
      day.localDate === cycle.today && todayActivity !== undefined
        ? todayActivity && recentActivityView(todayActivity)
        : await connectionActivityOn(ctx.db, member.userId, day.localDate);
    const source = sourceOfNumbers(activity, input);
    const audience = storedAudience(input.audience);
    // The row as the statement writes it (its id made here, so nothing is read back).
    const checkin = {
      id: randomUUID(),
      cycleId: cycle.id,
      userId: member.userId,
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
    const [written] = await checkinWrite(ctx.db).execute({
      ...checkin,
      activityAt: checkin.activityAt?.toISOString() ?? null,
      now,
      caption: postCaption(input.journalMd),
      visibility: audience.visibility,
      crewId: audience.crewId,
      cutoff: abandonedCutoff(now),
    });
    // The order a member sees: a second check-in of the day is refused before its audience is.
    if (!written?.inserted) throw new AppError('conflict', msg.alreadyCheckedInToday);
    if (!written.postId) throw audienceCrewNotYours();
    const rule = ruleInputOf(written, [checkin.localDate]);
    await refreshCycleStats(ctx.db, [cycle.id], [rule]);
    const badge = await awardStreakBadge(ctx.db, {
      userId: member.userId,
      rule,
      localDate: checkin.localDate,
    });
    invalidateFeedAfterCommit(ctx);
    // Built from what was just written (a new check-in has no files or updates): no read back.
    const view = checkinView(
      { checkin, postId: written.postId, ...audience, crewName: written.crewName },
      { media: [], updates: [], updateMedia: [] },
      now,
    );
    return { checkin: view, badge };
  });
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
