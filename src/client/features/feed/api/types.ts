import type { ReactionKey } from '@shared/constants';

// The shapes GET /api/feed and friends answer with (server: modules/feed/queries.ts).

export interface FeedAuthor {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

export interface FeedMedia {
  id: string;
  url: string;
  /** A small preview for images stored by us; null for videos and outside URLs. */
  thumbUrl: string | null;
  mediaType: 'image' | 'video';
  mimeType: string;
  sortIndex: number;
}

export interface FeedComment {
  id: string;
  body: string;
  createdAt: string;
  author: FeedAuthor;
  /** Written by the viewer, so they may delete it. */
  mine: boolean;
}

export type ReactionCounts = Record<ReactionKey, number>;

export interface FeedUpdate {
  id: string;
  body: string | null;
  createdAt: string;
  media: FeedMedia[];
}

export interface FeedPost {
  id: string;
  createdAt: string;
  caption: string | null;
  journalMd: string | null;
  legacyMediaUrl: string | null;
  author: FeedAuthor;
  dayNumber: number | null;
  movedMinutes: number;
  steps: number;
  cumulativeMinutes: number;
  cumulativeSteps: number;
  media: FeedMedia[];
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
  /** The first comments only (oldest first); the whole thread comes from GET /api/posts/:id/comments. */
  comments: FeedComment[];
  reactions: ReactionCounts;
  myReaction: ReactionKey | null;
  updates: FeedUpdate[];
}

export interface FeedPage {
  posts: FeedPost[];
  nextCursor: string | null;
}
