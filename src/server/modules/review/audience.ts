import type { ReviewShareAudience } from '@shared/api-types';
import { audienceFromKey } from '@shared/domain/audience';
import type { DbOrTx } from '../../db/client';
import { resolveAudience, type StoredAudience } from '../../queries/audience';

// Where "Share this week" puts its post (decision 0089): the community, a crew the member is in
// now (checked as every post's audience is, decision 0046), or the member alone.
export function shareTarget(
  db: DbOrTx,
  userId: string,
  audience: ReviewShareAudience,
): Promise<StoredAudience> {
  return resolveAudience(db, userId, audienceFromKey(audience));
}
