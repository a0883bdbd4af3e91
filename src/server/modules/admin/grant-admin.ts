import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';

/**
 * Makes the account with this e-mail an administrator, or a plain member again. The profile flag
 * (read by the session on every request) and better-auth's role change together in one transaction.
 * E-mails match case-insensitively; if two accounts differ only in case, the exact spelling wins,
 * else the oldest account.
 */
export async function setAdmin(
  db: DbOrTx,
  email: string,
  isAdmin: boolean,
): Promise<{ ok: boolean }> {
  const wanted = email.trim();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(sql`lower(${user.email})`, wanted.toLowerCase()))
      .orderBy(sql`${user.email} <> ${wanted}`, asc(user.createdAt))
      .limit(1);
    if (!account) return { ok: false };

    await tx
      .update(user)
      .set({ role: isAdmin ? 'admin' : 'user' })
      .where(eq(user.id, account.id));
    // A profile normally exists from sign-up; create it if an older account lacks one.
    await tx
      .insert(profiles)
      .values({ id: account.id, displayName: account.name, isAdmin })
      .onConflictDoUpdate({ target: profiles.id, set: { isAdmin, updatedAt: new Date() } });
    return { ok: true };
  });
}
