import type { ServiceContext } from './context';
import type { AppCaches } from './deps';

/**
 * How long one computed board is served (per process): the bound for check-ins to show on it. Name,
 * avatar and account changes clear it in every process at once (decision 0024).
 */
export const BOARD_TTL_MS = 30_000;

/** Forgets this process's cached board, so the next request computes it anew. */
export function invalidateCommunityBoard(app: { caches: Pick<AppCaches, 'board'> }): void {
  app.caches.board.clear();
}

/**
 * After a name, avatar or account change commits: forgets the board here and in every other
 * process (through the cache bus), so nobody keeps showing the old name for BOARD_TTL_MS.
 */
export function invalidateCommunityBoardAfterCommit(ctx: ServiceContext): void {
  ctx.caches.board.forgetAfterCommit(ctx);
}
