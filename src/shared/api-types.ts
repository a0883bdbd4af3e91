import type { MediaType, ReactionKey, StreakBadgeCode } from './constants';
import type { InsightLevel } from './domain/consistency';
import type { MilestoneState } from './domain/milestones';

// The shapes the API answers with: the server builds them, the client reads them. One definition each.

/** GET /api/account/session → user: the signed-in member. */
export interface SessionUser {
  userId: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  createdAt: string;
}

export interface MediaView {
  id: string;
  url: string;
  /** A small preview for images stored by us; null for videos and outside URLs. */
  thumbUrl: string | null;
  mediaType: MediaType;
  mimeType: string;
  sortIndex: number;
}

export interface UpdateView {
  id: string;
  body: string | null;
  createdAt: string;
  media: MediaView[];
}

/** GET /api/checkins/today → checkin. */
export interface CheckinView {
  id: string;
  cycleId: string;
  postId: string | null;
  dayNumber: number;
  localDate: string;
  movedMinutes: number;
  steps: number;
  proteinTargetHit: boolean;
  hydrationGoalHit: boolean;
  journalMd: string;
  createdAt: string;
  editableUntil: string;
  editable: boolean;
  media: MediaView[];
  updates: UpdateView[];
}

export interface CycleView {
  id: string;
  startDate: string;
  /** The member's local date (yyyy-MM-dd) in their time zone. */
  today: string;
  day: number;
  totalDays: number;
  timeZone: string;
}

export type CycleDayStatus = 'done' | 'missed' | 'today' | 'upcoming';

/** GET /api/cycle. */
export interface MyCycleView {
  cycle: CycleView;
  stats: {
    checkins: number;
    consistency: number;
    currentStreak: number;
    longestStreak: number;
    totalMinutes: number;
    totalSteps: number;
  };
  days: {
    day: number;
    date: string;
    status: CycleDayStatus;
    movedMinutes: number;
    steps: number;
  }[];
  milestones: { day: number; badgeCode: StreakBadgeCode; state: MilestoneState }[];
  insight: InsightLevel;
}

export interface FeedAuthor {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

export interface FeedComment {
  id: string;
  body: string;
  createdAt: string;
  author: FeedAuthor;
  /** Written by the viewer, so they may delete it. */
  mine: boolean;
}

/** One card of GET /api/feed and /api/feed/buddies. */
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
  media: MediaView[];
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
  /** The first comments only (oldest first); the whole thread comes from GET /api/posts/:id/comments. */
  comments: FeedComment[];
  reactions: Record<ReactionKey, number>;
  myReaction: ReactionKey | null;
  updates: UpdateView[];
}

export interface LeaderboardEntry {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  checkins: number;
  currentDay: number;
  consistency: number;
  /** The live run of consecutive days (ending today or yesterday). */
  streak: number;
  longestStreak: number;
}

/** GET /api/community; computed at most every 30 s. */
export interface CommunityBoard {
  stats: {
    activeMembers: number;
    totalCheckins: number;
    averageConsistency: number;
    checkedInToday: number;
  };
  leaderboard: LeaderboardEntry[];
  longestStreaks: LeaderboardEntry[];
  computedAt: string;
}
