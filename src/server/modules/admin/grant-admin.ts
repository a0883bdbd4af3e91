import { asc, eq, sql } from 'drizzle-orm';
import { profiles, user } from '../../db/schema';
import { requireAdmin, withTransaction, type ServiceContext } from '../../lib/context';
import { setUserAdmin } from './users';

/**
 * Makes the account with this e-mail an administrator, or a plain member again, through the same
 * setUserAdmin as the admin area: the last admin cannot be revoked (409), and the change is audited
 * in its transaction. setUserAdmin clears the session caches (decision 0030), so
 * the change shows at once though this runs outside a request (the admin CLI).
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
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(sql`lower(${user.email})`, wanted.toLowerCase()))
      .orderBy(sql`${user.email} <> ${wanted}`, asc(user.createdAt))
      .limit(1);
    if (!found) return { ok: false };
    // A profile normally exists from sign-up; create it if an older account lacks one.
    await ctx.db
      .insert(profiles)
      .values({ id: found.id, displayName: found.name })
      .onConflictDoNothing({ target: profiles.id });
    await setUserAdmin(ctx, { userId: found.id, isAdmin: input.isAdmin });
    return { ok: true };
  });
}
