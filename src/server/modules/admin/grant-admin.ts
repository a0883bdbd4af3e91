import { asc, eq, sql } from 'drizzle-orm';
import { profiles, user } from '../../db/schema';
import { audit } from '../../lib/audit';
import { afterCommit, requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { forgetSessions } from '../../lib/session-cache';

/**
 * Makes the account with this e-mail an administrator, or a plain member again: profiles.is_admin is
 * the one admin flag (read with the session). Audited in the same transaction. This runs outside a
 * request (the admin CLI), so it clears the session caches itself (decision 0030).
 * E-mails match case-insensitively; if two accounts differ only in case, the exact spelling wins,
 * else the oldest account.
 */
export async function setAdmin(
  ctx: ServiceContext,
  input: { email: string; isAdmin: boolean },
): Promise<{ ok: boolean }> {
  requireAdmin(ctx);
  const wanted = input.email.trim();
  return withTransaction(ctx, async (ctx) => {
    const [found] = await ctx.db
      .select({ id: user.id, name: user.name, isAdmin: profiles.isAdmin })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(sql`lower(${user.email})`, wanted.toLowerCase()))
      .orderBy(sql`${user.email} <> ${wanted}`, asc(user.createdAt))
      .limit(1);
    if (!found) return { ok: false };
    // A profile normally exists from sign-up; create it if an older account lacks one.
    await ctx.db
      .insert(profiles)
      .values({ id: found.id, displayName: found.name, isAdmin: input.isAdmin })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { isAdmin: input.isAdmin, updatedAt: ctx.now() },
      });
    await audit(ctx, {
      action: input.isAdmin ? 'admin.grant' : 'admin.revoke',
      target: { type: 'user', id: found.id },
      before: { isAdmin: found.isAdmin ?? false },
      after: { isAdmin: input.isAdmin },
    });
    afterCommit(ctx, () => forgetSessions(ctx));
    return { ok: true };
  });
}
