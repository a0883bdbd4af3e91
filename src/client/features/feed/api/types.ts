import type { ReactionKey } from '@shared/constants';
import type { FeedPost } from '@shared/api-types';

// The shapes GET /api/feed and friends answer with, defined once in src/shared/api-types.ts.
export type { FeedAuthor, FeedComment, FeedPost } from '@shared/api-types';
export type { MediaView as FeedMedia, UpdateView as FeedUpdate } from '@shared/api-types';

export type ReactionCounts = Record<ReactionKey, number>;

export interface FeedPage {
  posts: FeedPost[];
  nextCursor: string | null;
}
