/** Admin Badges (decision 0021): list, create, edit, delete and award. */
import { asc, eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type {
  AdminBadgeAward,
  AdminBadgeView,
  AdminBadgesList,
  OkResponse,
} from '@shared/api-types';
import type { AwardBadgeData, BadgeData } from '@shared/domain/schemas';
import { badges, profiles, user, userBadges } from '../../db/schema';
import { audit } from '../../lib/audit';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from './db-errors';

type BadgeRow = typeof badges.$inferSelect;

export function badgeView(row: BadgeRow): AdminBadgeView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
  };
}

const duplicateCode = () =>
  new AppError('conflict', msg.badgeCodeExists, { fields: { code: msg.badgeCodeExists } });

async function rethrowDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode();
    throw error;
  }
}

export async function listBadges(ctx: ServiceContext): Promise<AdminBadgesList> {
  requireAdmin(ctx);
  const rows = await ctx.db.select().from(badges).orderBy(asc(badges.name), asc(badges.id));
  return { badges: rows.map(badgeView) };
}

export async function createBadge(ctx: ServiceContext, input: BadgeData): Promise<AdminBadgeView> {
  requireAdmin(ctx);
  return rethrowDuplicate(
    withTransaction(ctx, async (ctx) => {
      const [row] = await ctx.db
        .insert(badges)
        .values({ ...input, createdAt: ctx.now() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicateCode();
      await audit(ctx, {
        action: 'badge.create',
        target: { type: 'badge', id: String(row.id) },
        after: input,
      });
      return badgeView(row);
    }),
  );
}

export async function updateBadge(
  ctx: ServiceContext,
  input: { badgeId: number } & BadgeData,
): Promise<AdminBadgeView> {
  requireAdmin(ctx);
  const { badgeId, ...changes } = input;
  return rethrowDuplicate(
    withTransaction(ctx, async (ctx) => {
      const [before] = await ctx.db
        .select()
        .from(badges)
        .where(eq(badges.id, badgeId))
        .for('update');
      if (!before) throw new AppError('not_found', msg.notFound);
      const [row] = await ctx.db
        .update(badges)
        .set(changes)
        .where(eq(badges.id, badgeId))
        .returning();
      await audit(ctx, {
        action: 'badge.update',
        target: { type: 'badge', id: String(badgeId) },
        before: { code: before.code, name: before.name, description: before.description },
        after: changes,
      });
      return badgeView(row);
    }),
  );
}

/** Deletes a badge; the members who held it lose it (user_badges cascade). */
export async function deleteBadge(
  ctx: ServiceContext,
  input: { badgeId: number },
): Promise<OkResponse> {
  requireAdmin(ctx);
  await withTransaction(ctx, async (ctx) => {
    const [before] = await ctx.db.delete(badges).where(eq(badges.id, input.badgeId)).returning();
    if (!before) throw new AppError('not_found', msg.notFound);
    await audit(ctx, {
      action: 'badge.delete',
      target: { type: 'badge', id: String(input.badgeId) },
      before: { code: before.code, name: before.name, description: before.description },
      after: null,
    });
  });
  return { ok: true };
}

/**
 * Awards a badge to a member with an optional reason (null when empty). A second award changes
 * nothing and says so (`awarded: false`), with the names the admin's message needs.
 */
export async function awardBadge(
  ctx: ServiceContext,
  input: AwardBadgeData,
): Promise<AdminBadgeAward> {
  requireAdmin(ctx);
  return withTransaction(ctx, async (ctx) => {
    const [member] = await ctx.db
      .select({ id: user.id, name: user.name, displayName: profiles.displayName })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, input.userId));
    if (!member) throw new AppError('not_found', msg.notFound);
    const [badge] = await ctx.db
      .select({ id: badges.id, name: badges.name })
      .from(badges)
      .where(eq(badges.id, input.badgeId));
    if (!badge) throw new AppError('not_found', msg.notFound);
    const inserted = await ctx.db
      .insert(userBadges)
      .values({
        userId: input.userId,
        badgeId: input.badgeId,
        reason: input.reason || null,
        awardedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: userBadges.id });
    if (inserted.length > 0) {
      await audit(ctx, {
        action: 'badge.award',
        target: { type: 'user', id: input.userId },
        after: { badgeId: input.badgeId, reason: input.reason || null },
      });
    }
    return {
      awarded: inserted.length > 0,
      memberName: member.displayName ?? (member.name || null),
      badgeName: badge.name,
    };
  });
}
