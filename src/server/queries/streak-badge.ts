import { eq } from 'drizzle-orm';
import type { AwardedBadge } from '@shared/api-types';
import { streakSummary, type StreakHistory } from '@shared/domain/forgiving-streak';
import type { LocalDate } from '@shared/domain/local-date';
import { badgeCodeForStreak } from '@shared/domain/streaks';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../db/client';
import { badges, userBadges } from '../db/schema';
import type { CycleRuleInput } from './cycle-stats';

/** The streak as `localDate` ended, by the streak rule, and the badge it earns (null: none). */
export function streakBadgeOn(history: StreakHistory, localDate: LocalDate) {
  const summary = streakSummary(history, localDate);
  const streak = summary.days.find((d) => d.date === localDate)?.streak ?? 0;
  return { streak, code: badgeCodeForStreak(streak) };
}

/**
 * A building block of createCheckin, run in its transaction: the streak by the streak rule (decision
 * 0098) as the new check-in's day ended, real check-ins of an unbroken streak only; at exactly 7, 21,
 * 45, 60 or 90 the matching badge is awarded once. The unique (user, badge) key makes concurrent
 * awards safe. No authorization: the caller checked.
 */
export async function awardStreakBadge(
  db: DbOrTx,
  input: { userId: string; rule: CycleRuleInput; localDate: LocalDate },
): Promise<AwardedBadge | null> {
  const { streak, code } = streakBadgeOn(input.rule.history, input.localDate);
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
