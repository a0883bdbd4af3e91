import type { ReviewShareAudience } from '@shared/api-types';
import type { DbOrTx } from '../../db/client';

// Where "Share this week" puts its post (decision 0049). One function, so the crew audience of
// issue 30 plugs in here at merge: `crew:<id>` becomes the crew's visibility once crews exist.

export interface ShareTarget {
  /** posts.visibility */
  visibility: 'public' | 'private';
}

export async function shareTarget(
  _db: DbOrTx,
  _userId: string,
  audience: ReviewShareAudience,
): Promise<ShareTarget | null> {
  if (audience === 'community') return { visibility: 'public' };
  if (audience === 'only_me') return { visibility: 'private' };
  // A crew (issue 30): not built on this branch, so no crew is an audience yet.
  return null;
}
