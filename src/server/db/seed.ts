import { KNOWN_BADGES, KNOWN_BADGE_CODES } from '@shared/constants';
import type { DbOrTx } from './client';
import { badges } from './schema';

/** The seven known badges exist in every database; admins may edit them, a restart never overwrites. */
export async function seedBadges(db: DbOrTx): Promise<void> {
  await db
    .insert(badges)
    .values(
      KNOWN_BADGE_CODES.map((code) => ({
        code,
        name: KNOWN_BADGES[code].name,
        description: KNOWN_BADGES[code].description,
      })),
    )
    .onConflictDoNothing({ target: badges.code });
}
