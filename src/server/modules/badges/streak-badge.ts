import { asc, eq } from 'drizzle-orm';
import type { AwardedBadge } from '@shared/api-types';
import { badgeCodeForStreak, streakEndingAt } from '@shared/domain/streaks';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { badges, checkins, userBadges } from '../../db/schema';

/**
 * A building block of createCheckin, run in its transaction: the streak of consecutive days ending at
 * the new check-in's day; at exactly 7, 21, 45, 60 or 90 the matching badge is awarded once. The
 * unique (user, badge) key makes concurrent awards safe. No authorization: the caller checked.
 */
export async function awardStreakBadge(
  db: DbOrTx,
  input: { userId: string; cycleId: string; dayNumber: number },
): Promise<AwardedBadge | null> {
  const days = await db
    .select({ day: checkins.dayNumber })
    .from(checkins)
    .where(eq(checkins.cycleId, input.cycleId))
    .orderBy(asc(checkins.dayNumber));
  const streak = streakEndingAt(
    days.map((d) => d.day),
    input.dayNumber,
  );
  const code = badgeCodeForStreak(streak);
  if (!code) return null;
  const [badge] = await db.select().from(badges).where(eq(badges.code, code)).limit(1);
  if (!badge) return null;
  const inserted = await db
    .insert(userBadges)
    .values({ userId: input.userId, badgeId: badge.id, reason: msg.badgeReason(streak) })
    .onConflictDoNothing()
    .returning({ id: userBadges.id });
  return inserted.length > 0
    ? { code: badge.code, name: badge.name, description: badge.description }
    : null;
}
