import { eq } from 'drizzle-orm';
import type { EditCheckinResponse } from '@shared/api-types';
import { postCaption } from '@shared/domain/checkin';
import type { CheckinEditData } from '@shared/domain/schemas';
import { checkins, posts } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { assertEditable, journalOrNull, loadCheckinView, ownCheckin } from './parts';

/**
 * Changes the fields the edit carries, within 15 minutes of the check-in's creation; the post's
 * caption follows the journal. An edit carrying no field never gets here (checkinEditSchema).
 */
export async function editCheckin(
  ctx: ServiceContext,
  input: { checkinId: string; changes: CheckinEditData },
): Promise<EditCheckinResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  const { checkinId, changes } = input;
  await withTransaction(ctx, async (ctx) => {
    const { checkin } = await ownCheckin(ctx.db, member.userId, checkinId, { lock: true });
    assertEditable(checkin.createdAt, now);
    const journalMd =
      changes.journalMd === undefined ? undefined : journalOrNull(changes.journalMd);
    // Numbers the member changes are theirs: the post no longer names a connection for them.
    const retyped =
      (changes.steps !== undefined && changes.steps !== checkin.steps) ||
      (changes.movedMinutes !== undefined && changes.movedMinutes !== checkin.movedMinutes);
    await ctx.db
      .update(checkins)
      .set({
        movedMinutes: changes.movedMinutes,
        steps: changes.steps,
        proteinTargetHit: changes.proteinTargetHit,
        hydrationGoalHit: changes.hydrationGoalHit,
        journalMd,
        ...(retyped ? { activitySource: null, activityAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(checkins.id, checkinId));
    if (changes.journalMd !== undefined) {
      await ctx.db
        .update(posts)
        .set({ caption: postCaption(changes.journalMd) })
        .where(eq(posts.checkinId, checkinId));
    }
    await refreshCycleStats(ctx.db, [checkin.cycleId]);
    invalidateFeedAfterCommit(ctx);
  });
  return { checkin: (await loadCheckinView(ctx.db, checkinId, now))! };
}
