import type { CommunityBoard } from '@shared/api-types';
import { requireMember, type ServiceContext } from '../../lib/context';
import { cachedCommunityBoard } from './leaderboard';

/** The Community screen: stats, the consistency leaderboard and the longest streaks (cached 30 s). */
export async function getCommunityBoard(ctx: ServiceContext): Promise<CommunityBoard> {
  requireMember(ctx);
  return cachedCommunityBoard(ctx, ctx.now());
}
