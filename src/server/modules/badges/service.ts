import { asc, eq } from 'drizzle-orm';
import { requireMember, type ServiceContext } from '../../lib/context';
import { badges, userBadges } from '../../db/schema';

/**
 * The badges the member has earned, oldest first, for Your Badges on the profile (not routed yet).
 * Awarding is not a service of its own: see streak-badge.ts, which createCheckin runs.
 */
export async function listMyBadges(ctx: ServiceContext) {
  const member = requireMember(ctx);
  const rows = await ctx.db
    .select({
      code: badges.code,
      name: badges.name,
      description: badges.description,
      imageUrl: badges.imageUrl,
      reason: userBadges.reason,
      awardedAt: userBadges.awardedAt,
    })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, member.userId))
    .orderBy(asc(userBadges.awardedAt));
  return rows.map((row) => ({ ...row, awardedAt: row.awardedAt.toISOString() }));
}
