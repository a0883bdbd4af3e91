import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { profiles } from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';

const INVITE_DAYS = 7;

/**
 * An administrator invited this person: they get a link with an unguessable token (only its hash is
 * stored) that lets them set a password once. The e-mail alone never opens an account.
 */
export async function issueAdminInvite(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .update(profiles)
    .set({
      adminInviteTokenHash: hashToken(token),
      adminInviteExpiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000),
    })
    .where(eq(profiles.id, userId));
  return token;
}
