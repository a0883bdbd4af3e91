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
import { resolveAudience } from '../../queries/audience';
import { abandonedCutoff, abandonedUpdatesDeleteQuery, checkinView, journalOrNull } from './parts';

/**
 * The check-in's writes, prepared once per connection (decision 0123), not built by drizzle again
 * for every check-in: the check-in, then (decision 0128) one statement for the rest: its post, the
 * member's abandoned updates deleted (removeAbandonedUpdates), and what the streak rule reads of the
 * cycle, the new check-in included, as readRuleInputs would read it next.
 */
const checkinWrites = preparedPer((db: DbOrTx) => {
  const p = sql.placeholder;
  const newPost = db.$with('new_post').as(
    db
      .insert(posts)
      .values({
        checkinId: p('checkinId'),
        userId: p('userId'),
        caption: p('caption'),
        visibility: p('visibility'),
        crewId: p('crewId'),
        createdAt: p('now'),
      })
      .returning({ id: posts.id }),
  );
  // A data-modifying WITH runs whether or not the select reads it.
  const abandoned = db
    .$with('abandoned')
    .as(abandonedUpdatesDeleteQuery(db).returning({ id: checkinUpdates.id }));
  return {
    checkin: db
      .insert(checkins)
      .values({
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
      })
      .onConflictDoNothing()
      .returning()
      .prepare('checkin_insert'),
    postAndRule: db
      .with(newPost, abandoned)
      .select({ postId: sql<string>`(select id from new_post)`, ...ruleInputFields })
      .from(sql`cycles c`)
      .where(sql`c.id = ${p('cycleId')}::uuid`)
      .prepare('checkin_post_and_rule'),
  };
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
    const [checkin] = await checkinWrites(ctx.db).checkin.execute({
      cycleId: cycle.id,
      userId: member.userId,
      dayNumber: day.dayNumber,
      localDate: day.localDate,
      movedMinutes: input.movedMinutes,
      steps: input.steps,
      proteinTargetHit: input.proteinTargetHit,
      hydrationGoalHit: input.hydrationGoalHit,
      journalMd: journalOrNull(input.journalMd),
      activitySource: source?.source ?? null,
      activityAt: source ? new Date(source.at).toISOString() : null,
      now,
    });
    if (!checkin) throw new AppError('conflict', msg.alreadyCheckedInToday);
    // Whoever sees the post, the check-in counts for streaks, badges and boards (decision 0046).
    const audience = await resolveAudience(ctx.db, member.userId, input.audience);
    const [written] = await checkinWrites(ctx.db).postAndRule.execute({
      checkinId: checkin.id,
      userId: member.userId,
      caption: postCaption(input.journalMd),
      visibility: audience.visibility,
      crewId: audience.crewId,
      now,
      cutoff: abandonedCutoff(now),
      cycleId: cycle.id,
    });
    const rule = ruleInputOf(written);
    await refreshCycleStats(ctx.db, [cycle.id], [rule]);
    const badge = await awardStreakBadge(ctx.db, {
      userId: member.userId,
      rule,
      localDate: checkin.localDate,
    });
    invalidateFeedAfterCommit(ctx);
    // Built from what was just written (a new check-in has no files or updates): no read back.
    const view = checkinView(
      { checkin, postId: written.postId, ...audience, crewName: audience.crewName ?? null },
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
