import type {
  ApiTokenScope,
  BridgeApp,
  CouponFailureReason,
  Equipment,
  FitnessGoal,
  FitnessLevel,
  Gender,
  MediaType,
  ProgressPose,
  ReactionKey,
  StepTracker,
  StreakBadgeCode,
  StreakMode,
  SyncOutcome,
  UnitPref,
  WeekdayKey,
} from './constants';
import type { InsightLevel } from './domain/consistency';
import type { PostAudienceView } from './domain/audience';
import type { Locale } from './i18n/locales';
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
  /** The zone the member's day is counted in, and every time is shown in (decision 0033). */
  timeZone: string;
  /** The member's units: weights on every screen follow them. */
  unitPref: UnitPref;
  /** The member's language, once chosen (issue 47): it beats the browser's Accept-Language. */
  language?: Locale;
  /**
   * Present when the address was first proven in a browser that did not make the sign-up: no name
   * chosen, no terms accepted. The app asks for both before it opens (decision 0095).
   */
  signUpUnfinished?: true;
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

/**
 * Where a check-in's steps and minutes came from when a connection sent them (decision 0045), and
 * when they arrived; null when the member typed them.
 */
export interface ActivitySourceView {
  source: string;
  at: string;
}

/** The numbers a connection last sent for one of the member's days (decision 0045). */
export interface ConnectionActivityView {
  date: string;
  steps: number;
  moveMinutes: number;
  source: string;
  receivedAt: string;
}

/** Today's protein and water from a phone bridge, and whether they meet the member's targets. */
export interface ConnectionFuelView {
  date: string;
  proteinG: number | null;
  waterMl: number | null;
  /** "Apple Health" or "Health Connect". */
  source: string;
  receivedAt: string;
  proteinTargetMet: boolean;
  hydrationGoalMet: boolean;
}

/** GET/PUT /api/connections/fuel-targets: daily targets; null, none. Water is kept in millilitres. */
export interface FuelTargetsView {
  proteinG: number | null;
  waterMl: number | null;
}

/** What a sync log entry says (issue 45): the kept kinds only, never a payload. */
export interface SyncLogDetail {
  /** The day's totals after the delivery, for the kinds it carried. */
  used?: { steps?: number; moveMinutes?: number; waterMl?: number; proteinG?: number };
  /** The delivery changed nothing: the same samples had already arrived. */
  nothingNew?: boolean;
  /** Samples of other days, not used. */
  skipped?: { dayClosed: number; notStarted: number };
  /** Why the delivery was refused (the problem's message, which names the first bad path). */
  refused?: { status: number; reason: string };
}

export interface SyncLogEntryView {
  id: string;
  app: BridgeApp;
  receivedAt: string;
  outcome: SyncOutcome;
  detail: SyncLogDetail;
}

/** GET /api/connections/deliveries: the sync log, newest first, and each app's last delivery. */
export interface SyncLogResponse {
  deliveries: SyncLogEntryView[];
  lastDelivery: Record<BridgeApp, string | null>;
}

/** GET /api/checkins/today → checkin. */
export interface CheckinView {
  id: string;
  cycleId: string;
  postId: string | null;
  /** Who sees the check-in's post (decision 0046); null without a post. */
  audience: PostAudienceView | null;
  dayNumber: number;
  localDate: string;
  movedMinutes: number;
  steps: number;
  proteinTargetHit: boolean;
  hydrationGoalHit: boolean;
  journalMd: string;
  activitySource: ActivitySourceView | null;
  createdAt: string;
  editableUntil: string;
  editable: boolean;
  media: MediaView[];
  updates: UpdateView[];
}

/** GET /api/checkins/today. */
export interface TodayResponse {
  cycle: CycleView;
  /** Today's check-in (by the member's local date), or null before it is done. */
  checkin: CheckinView | null;
  /** What a connection sent for today, for the check-in form to start from (decision 0045). */
  connection: ConnectionActivityView | null;
  /** Protein and water a phone bridge sent for today, against the member's targets (issue 45). */
  fuel?: ConnectionFuelView | null;
}

/** A streak badge a check-in has just earned. */
export interface AwardedBadge {
  code: string;
  name: string;
  description: string | null;
}

/** POST /api/checkins (201). */
export interface CreateCheckinResponse {
  checkin: CheckinView;
  badge: AwardedBadge | null;
}

/** PATCH /api/checkins/:id. */
export interface EditCheckinResponse {
  checkin: CheckinView;
}

/** POST /api/checkins/:id/updates (201). */
export interface AddUpdateResponse {
  update: UpdateView;
}

/** POST /api/checkins/:id/media and /api/updates/:id/media (201). */
export interface AddMediaResponse {
  media: MediaView;
}

export interface CycleView {
  id: string;
  startDate: string;
  /** The member's local date (yyyy-MM-dd) in their time zone. */
  today: string;
  /** The cycle day shown, 1..90 (day 90 stays on screen once the cycle is complete). */
  day: number;
  totalDays: number;
  timeZone: string;
  /** The member's local date is past day 90: no more check-ins; Start New Cycle begins the next one. */
  complete: boolean;
  /**
   * False while the cycle waits for its Day 1 (startDate is after today): Start New Cycle on a day
   * already checked in starts the new cycle tomorrow, and today's check-in stays the previous
   * cycle's (decision 0032). No check-in is taken until then.
   */
  started: boolean;
  /** Forgiving (rest days, a grace day, pauses) or strict (any miss restarts the streak); decision 0098. */
  mode: StreakMode;
  /** The last date the mode may change (the cycle's Day 3); null once it has ended. */
  modeChangeableUntil: string | null;
  /** The date of Day 90: later by each paused day. */
  lastDate: string;
  /** The cycle's paused dates (at most 7), which are not days of it (decision 0099). */
  pausedDates: string[];
  /** Today is paused. */
  paused: boolean;
  /** The pause under way, or else the next one planned: its first and last dates. */
  pause: { startDate: string; endDate: string } | null;
  /** The streak by the streak rule; `atRisk`: a missed day is forgiven only if today is checked in. */
  streak: number;
  atRisk: boolean;
}

/** A day's mark on My Cycle's calendar and the reviews (decision 0098). */
export type CycleDayStatus = 'done' | 'missed' | 'today' | 'upcoming' | 'rest' | 'grace' | 'paused';

/** PUT /api/cycle/mode, POST and DELETE /api/cycle/pause: the cycle as home shows it after. */
export interface CycleChangedResponse {
  cycle: CycleView;
}

/** GET and PUT /api/settings/rest-days: the plan in effect today, and a change from next Monday. */
export interface RestDaysView {
  current: WeekdayKey[];
  next: { from: string; days: WeekdayKey[] } | null;
}

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
  /** Every date of the cycle, Day 1 to Day 90 and the paused dates between (their `day` is null). */
  days: {
    day: number | null;
    date: string;
    status: CycleDayStatus;
    movedMinutes: number;
    steps: number;
  }[];
  milestones: { day: number; badgeCode: StreakBadgeCode; state: MilestoneState }[];
  insight: InsightLevel;
  /** The member's own weight change since Day 1 (kg; null: unknown), and whether they share it. */
  weight: { changeKg: number | null; shared: boolean };
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

/** A check-in's numbers on its post: the day's, and the author's running totals up to that day. */
export interface PostDayStats {
  movedMinutes: number;
  steps: number;
  cumulativeMinutes: number;
  cumulativeSteps: number;
}

/** One card of GET /api/feed, /api/feed/buddies and /api/feed/mine. */
export interface FeedPost {
  id: string;
  createdAt: string;
  caption: string | null;
  journalMd: string | null;
  legacyMediaUrl: string | null;
  author: FeedAuthor;
  dayNumber: number | null;
  /** The check-in's numbers; null for a post that is no check-in's (a shared week, issue 41). */
  dayStats: PostDayStats | null;
  /** Where the day's steps and minutes came from, when a connection sent them. */
  activitySource: ActivitySourceView | null;
  media: MediaView[];
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
  /** The first comments only (oldest first); the whole thread comes from GET /api/posts/:id/comments. */
  comments: FeedComment[];
  reactions: Record<ReactionKey, number>;
  myReaction: ReactionKey | null;
  updates: UpdateView[];
  /**
   * The author's weight change (kg) as of this post since Day 1 of its cycle: null when unknown, and
   * for anyone but the author unless they share their weight progress.
   */
  weightChangeKg: number | null;
  /** Who sees this post (decision 0046); the community feed holds only community posts. */
  audience: PostAudienceView;
}

/**
 * GET /api/feed: public posts, newest first; `nextCursor` loads the next page (null: the end). Also
 * GET /api/feed/mine (the member's own posts, every audience) and a crew's feed.
 */
export interface FeedPage {
  posts: FeedPost[];
  nextCursor: string | null;
}

/** GET /api/feed/buddies. */
export interface BuddyFeed {
  posts: FeedPost[];
}

/** PUT and DELETE /api/posts/:id/like. */
export interface LikeState {
  likeCount: number;
  likedByMe: boolean;
}

/** PUT and DELETE /api/posts/:id/reaction. */
export interface ReactionState {
  reactions: Record<ReactionKey, number>;
  myReaction: ReactionKey | null;
}

/** GET /api/posts/:id/comments: the whole thread, oldest first. */
export interface CommentThread {
  comments: FeedComment[];
}

/** POST /api/posts/:id/comments (201). */
export interface CreatedComment {
  id: string;
}

/** An answer with nothing more to say: DELETE /api/comments/:id, POST /api/posts/:id/reports. */
export interface OkResponse {
  ok: true;
}

/** GET /api/health: liveness only (decision 0025). */
export interface HealthResponse {
  status: 'ok';
}

/** GET /api/ready: 200 when both parts answer, 503 naming the one that did not. */
export interface ReadyResponse {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unavailable';
  storage: 'ok' | 'unavailable';
}

export interface LeaderboardEntry {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  checkins: number;
  currentDay: number;
  /** False while the member's new cycle waits for its Day 1 (decision 0032): shown as Starts tomorrow. */
  started: boolean;
  consistency: number;
  /** The streak still alive, by the streak rule of the member's cycle (decision 0098). */
  streak: number;
  longestStreak: number;
  /** Present when the member chose strict mode for this cycle (any miss restarts the streak): a "Strict" tag. */
  strict?: true;
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

// ---------------------------------------------------------------------------
// Accounts, coupons, invites, subscription, audit
// ---------------------------------------------------------------------------

/** GET /api/account/session. */
export interface SessionResponse {
  user: SessionUser | null;
}

/** POST /api/account/sign-up (201): the same answer for every e-mail. */
export interface SignUpResponse {
  ok: true;
  email: string;
  coupon: string | null;
  monthsFree: number;
}

/** POST /api/account/verify-email: free months granted by this (first) verification. */
export interface VerifyEmailResponse {
  ok: true;
  monthsFree: number;
}

/** GET /api/account/admin-invite. */
export interface AdminInviteProfile {
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/** POST /api/account/admin-invite. */
export interface AdminInviteAccepted {
  ok: true;
  isAdmin: boolean;
}

/** GET /api/coupons/validate. */
export interface CouponCheckResponse {
  ok: boolean;
  code: string;
  monthsFree: number;
  reason: CouponFailureReason | null;
}

/** GET /api/invites/:token. */
export type InviteCheckResponse =
  | { ok: true; inviterName: string; monthsFree: number; reason: null }
  | { ok: false; inviterName: null; monthsFree: 0; reason: 'not_found' | 'expired' | 'used' };

/** GET /api/subscription and POST /api/subscription/start-trial. */
export interface SubscriptionView {
  status: string;
  currentPeriodEnd: string | null;
  priceId: string | null;
  subscribed: boolean;
  /** The plan the price id names (monthly, yearly), or null (a trial or comp without one). */
  plan: 'monthly' | 'yearly' | null;
  /** An admin comp: '1', '3', '6', '12' months, or 'lifetime' (free for life), or null. */
  comp: string | null;
  /** This server's billing provider and REQUIRE_SUBSCRIPTION, so the member area needs one read. */
  provider: 'stripe' | 'builtin';
  requireSubscription: boolean;
  /** Stripe manages this row (a Stripe subscription): Checkout's result has arrived by webhook. */
  stripeManaged: boolean;
  /** BILLING_CONTACT: where to ask for more time when this server takes no payments (decision 0034). */
  contact: string | null;
}

/** GET /api/subscription/provider: how this server takes payments (decision 0018). */
export interface BillingProviderResponse {
  provider: 'stripe' | 'builtin';
  /** REQUIRE_SUBSCRIPTION: unsubscribed members are sent from the member area to /pricing. */
  requireSubscription: boolean;
  /** BILLING_CONTACT (decision 0034). */
  contact: string | null;
}

/**
 * POST /api/subscription/checkout and /change-plan: a Stripe page to open (url), or the
 * subscription as it now is when nothing needs paying (built-in trial, a plan changed in place).
 */
export interface BillingActionResponse {
  url: string | null;
  subscription: SubscriptionView;
}

/** POST /api/subscription/portal. */
export interface BillingPortalResponse {
  url: string;
}

/** POST /api/subscription/webhook. */
export interface WebhookResponse {
  received: true;
  outcome: 'applied' | 'duplicate' | 'stale' | 'unknown_customer' | 'ignored';
}

/** One entry of the audit trail (admin actions and subscription changes). */
export interface AuditEventView {
  id: string;
  actorId: string | null;
  actorKind: 'anonymous' | 'member' | 'admin' | 'system';
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}

/** GET /api/admin/audit: newest first, paged by cursor. */
export interface AuditEventsPage {
  events: AuditEventView[];
  nextCursor: string | null;
}

// Admin area (decision 0021): /api/admin/*

/** A member's active cycle on their today, by the streak rule (decision 0098). */
export interface MemberCycleLine {
  day: number;
  started: boolean;
  complete: boolean;
  paused: boolean;
  mode: StreakMode;
  streak: number;
  atRisk: boolean;
}

/** One row of GET /api/admin/users. */
export interface AdminUserView {
  id: string;
  displayName: string | null;
  email: string | null;
  isAdmin: boolean;
  createdAt: string;
}

/** GET /api/admin/users/lines?ids=: each asked member's cycle line, in the order asked (decision 0132). */
export interface AdminMemberLines {
  /** `cycle` is null for a member without an active cycle. */
  lines: Array<{ id: string; cycle: MemberCycleLine | null }>;
}

/** GET /api/admin/users?q=&cursor=: newest first, paged by cursor. */
export interface AdminUsersPage {
  users: AdminUserView[];
  nextCursor: string | null;
}

/** POST /api/admin/users. */
export interface AdminUserCreated {
  userId: string;
  invited: boolean;
}

/**
 * The admin lists other than users (decision 0039): newest first, a page at a time; `nextCursor`
 * asks for the page after this one ("Load more"), null on the last page.
 */
export interface AdminPage {
  nextCursor: string | null;
}

/** GET /api/admin/subscriptions?cursor=. */
export interface AdminSubscriptionsPage extends AdminPage {
  subscriptions: AdminSubscriptionView[];
}

/** GET /api/admin/notifications?status=&cursor=: the spec's 100 a page. */
export interface AdminNotificationsPage extends AdminPage {
  notifications: AdminNotificationView[];
}

/** GET /api/admin/posts?q=&cursor=: `q` matches the author's name (its start) or words of the caption. */
export interface AdminPostsPage extends AdminPage {
  posts: AdminPostView[];
}

/** GET /api/admin/reports?q=&cursor=: `q` matches the reporter's or the post author's name, the reason or the caption. */
export interface AdminReportsPage extends AdminPage {
  reports: AdminReportView[];
}

/** GET /api/admin/coupons?cursor=: `total` counts every coupon, not only this page's. */
export interface AdminCouponsPage extends AdminPage {
  coupons: AdminCouponView[];
  total: number;
}

/** GET /api/admin/badges: every badge, by name. */
export interface AdminBadgesList {
  badges: AdminBadgeView[];
}

/** GET /api/admin/members?q=: the award dialog's member picker (at most 50). */
export interface AdminMembersList {
  members: AdminMemberOption[];
}

/** PUT /api/admin/users/:id/admin. */
export interface AdminUserAdminFlag {
  isAdmin: boolean;
}

/** POST /api/admin/users/:id/reset-cycle: whose cycle was reset, for the confirmation. */
export interface AdminCycleReset {
  displayName: string | null;
  /** The new cycle's Day 1, in the member's zone. */
  startDate: string;
  /** False when the member had checked in today: the new cycle starts tomorrow (decision 0032). */
  started: boolean;
}

/** PUT /api/admin/posts/:id/hidden. */
export interface AdminPostHidden {
  isHidden: boolean;
}

/** POST /api/admin/reports/:id/resolve. */
export interface AdminReportResolved {
  status: 'resolved';
}

/** POST /api/admin/badges/award: `awarded` is false when the member already had the badge. */
export interface AdminBadgeAward {
  awarded: boolean;
  memberName: string | null;
  badgeName: string;
}

/** POST /api/admin/notifications/reminders. */
export interface AdminRemindersTriggered {
  /** Daily reminders that went out in this run. */
  reminders: number;
  /** Trial-ending notices that went out in this run. */
  trialNotices: number;
  /** Members still to be reminded today, whose own reminder hour has not come yet. */
  dueLaterToday: number;
}

/** GET /api/admin/subscriptions. */
export interface AdminSubscriptionView {
  id: string;
  userId: string;
  userName: string | null;
  status: string;
  /** A comp in force ('1' … '12' months, 'lifetime'), or null. */
  comp: string | null;
  /** Free time or a plan that has ended: no access now (decision 0034). */
  accessEnded: boolean;
  stripeCustomerId: string | null;
  currentPeriodEnd: string | null;
  createdAt: string;
}

/** GET /api/admin/notifications?status=. */
export interface AdminNotificationView {
  id: string;
  subject: string;
  bodyPreview: string | null;
  sendStatus: string;
  scheduledFor: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** GET /api/admin/posts. */
export interface AdminPostView {
  id: string;
  caption: string | null;
  authorName: string | null;
  visibility: string;
  isHidden: boolean;
  createdAt: string;
}

/** GET /api/admin/reports. */
export interface AdminReportView {
  id: string;
  postId: string | null;
  postHidden: boolean | null;
  reason: string | null;
  reporterName: string | null;
  status: string;
  createdAt: string;
}

/** GET /api/admin/badges. */
export interface AdminBadgeView {
  id: number;
  code: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
}

/** GET /api/admin/members: the award dialog's member picker, by name. */
export interface AdminMemberOption {
  id: string;
  displayName: string;
}

/** GET /api/admin/coupons. */
export interface AdminCouponView {
  id: string;
  code: string;
  monthsFree: number;
  maxRedemptions: number | null;
  redeemedCount: number;
  expiresAt: string | null;
  isActive: boolean;
  notes: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------------------
// Profile, health, settings, consents, data export, account deletion
// ---------------------------------------------------------------------------

/** GET and PUT /api/profile; POST and DELETE /api/profile/avatar. The signed-in member's own profile. */
export interface ProfileView {
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  unitPref: UnitPref;
  /** The member's language (issue 47): chosen in Profile or the footer's menu, else set at sign-up. */
  language: Locale | null;
  /** A URL the member's browser can load (served by GET /api/avatars/…), or null. */
  avatarUrl: string | null;
  email: string;
  /** When the account was created (ISO instant). */
  memberSince: string;
}

/** One badge the member has earned, for Your Badges. */
export interface EarnedBadge {
  code: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  reason: string | null;
  awardedAt: string;
}

/** GET /api/profile/badges: oldest first. */
export interface EarnedBadgesResponse {
  badges: EarnedBadge[];
}

/** The health profile as stored: metric, whatever units the member types in. */
export interface HealthProfileView {
  birthYear: number | null;
  gender: Gender | null;
  heightCm: number | null;
  weightKg: number | null;
  baselineSteps: number | null;
  goals: string[];
  equipment: string[];
  constraints: string | null;
  socialShareWeight: boolean;
  updatedAt: string;
}

/** GET /api/profile/health. The Day-1 Health Intake opens by itself when both are null. */
export interface HealthProfileResponse {
  health: HealthProfileView | null;
  /** When the member skipped the intake; it stays skipped on every device. */
  intakeSkippedAt: string | null;
}

/** PUT /api/profile/health and POST /api/profile/intake. */
export interface HealthSavedResponse {
  health: HealthProfileView;
  /** True when this call created the health profile (the catalogue's 'created' message applies). */
  created: boolean;
}

export interface SettingsView {
  reminderHour: number;
  emailNudges: boolean;
  pushNudges: boolean;
  /** The weekly review e-mail (decision 0049), separate from the daily nudges. */
  weeklyReviewEmail: boolean;
  /** The zone the member chose. */
  timezone: string;
  /** The zone their day is counted in right now; differs from `timezone` while a change waits. */
  timezoneInEffect: string;
}

export interface ConsentsView {
  tosAcceptedAt: string | null;
  healthDisclaimerAcceptedAt: string | null;
  marketingOptIn: boolean;
  marketingOptedAt: string | null;
}

/** GET /api/settings. */
export interface SettingsResponse {
  settings: SettingsView;
  consents: ConsentsView;
}

/** PUT /api/settings. */
export interface SettingsSavedResponse {
  settings: SettingsView;
}

/** PUT /api/settings/consents. */
export interface ConsentsSavedResponse {
  consents: ConsentsView;
}

/** POST /api/account/export: a short-lived link the browser downloads the ZIP from. */
export interface ExportLinkResponse {
  url: string;
  expiresAt: string;
}

/** The member's saved workout preferences, as the form shows them. */
export interface WorkoutPrefsView {
  fitnessLevel: FitnessLevel;
  age: number | null;
  equipment: Equipment[];
  stepTracker: StepTracker;
  goals: FitnessGoal[];
  notes: string | null;
  updatedAt: string;
}

/** GET and PUT /api/workouts/prefs: null before the member first saves or generates. */
export interface WorkoutPrefsResponse {
  prefs: WorkoutPrefsView | null;
}

/** One week's plan: markdown, rendered by the screen. */
export interface WorkoutWeekView {
  id: string;
  weekIndex: number;
  planMd: string;
  generatedAt: string;
}

/** GET /api/workouts/weeks: newest week first. */
export interface WorkoutWeeksResponse {
  weeks: WorkoutWeekView[];
}

/** POST /api/workouts/generate. */
export interface GenerateWorkoutResponse {
  week: WorkoutWeekView;
  /** True when this calendar week already had a plan and it was replaced. */
  replaced: boolean;
  /** Which engine made the plan: 'ai', or 'planner' (the default, and the fallback). */
  engine: 'ai' | 'planner';
}

/** GET /api/notifications/push/key: the VAPID public key for PushManager.subscribe (decision 0020). */
export interface PushKeyResponse {
  publicKey: string;
}

/** A personal access token as its member's list shows it: never the token itself (decision 0044). */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/connections/tokens. */
export interface ApiTokenListResponse {
  tokens: ApiTokenView[];
  max: number;
}

/** POST /api/connections/tokens (201): the token, shown this once. */
export interface CreateApiTokenResponse {
  token: string;
  apiToken: ApiTokenView;
}

// ---------------------------------------------------------------------------
// Crews (issue 30, decisions 0046-0047)
// ---------------------------------------------------------------------------

/** A crew as its members list it. */
export interface CrewSummary {
  id: string;
  name: string;
  ownerId: string | null;
  ownerName: string | null;
  isOwner: boolean;
  memberCount: number;
  createdAt: string;
}

/** GET /api/crews: the member's open crews, oldest membership first. */
export interface MyCrews {
  crews: CrewSummary[];
  /** How many crews one member may be in (CREWS_PER_MEMBER). */
  maxCrews: number;
}

/**
 * A crew member's today, in their own time zone: checked in (whatever cycle the check-in belongs
 * to), open (a check-in can still be made, so crewmates may nudge), or no check-in to make: their
 * cycle is past Day 90, or their new cycle has not started yet (decisions 0014, 0032).
 */
export type CrewMemberToday = 'checked-in' | 'open' | 'cycle-complete' | 'starts-later' | 'paused';

/** One member on a crew's board. */
export interface CrewBoardEntry {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  isOwner: boolean;
  isMe: boolean;
  /** The member's day of their cycle (null without a cycle in progress). */
  currentDay: number | null;
  /** False while the member's new cycle waits for its Day 1 (decision 0032): shown as Starts tomorrow. */
  started: boolean;
  /** Today, in the member's own time zone (issue 41). */
  today: CrewMemberToday;
  /** `today` is 'checked-in'. */
  checkedInToday: boolean;
  streak: number;
  /** Present when the member chose strict mode for this cycle: a "Strict" tag. */
  strict?: true;
  /** Check-ins over days so far, in percent. */
  consistency: number;
  /** The viewer already nudged this member today (their day). */
  nudgedToday: boolean;
}

/** The live invite link, shown to the owner. */
export interface CrewInviteLink {
  url: string;
  expiresAt: string;
}

/** GET /api/crews/:id: the crew, its board sorted by consistency, and (owner only) its invite link. */
export interface CrewDetail {
  crew: CrewSummary;
  maxMembers: number;
  board: CrewBoardEntry[];
  invite: CrewInviteLink | null;
}

/** GET /api/crew-invites/:token: what a signed-in member sees before joining. */
export interface CrewInvitePreview {
  ok: boolean;
  /**
   * Why the link cannot be used: dead (unknown, replaced, revoked or expired), closed, full, or the
   * owner removed this member while it was live (decision 0094).
   */
  reason: 'dead' | 'closed' | 'full' | 'removed' | 'cycle-closed' | null;
  message: string | null;
  crew: { id: string; name: string; ownerName: string | null; memberCount: number } | null;
  alreadyMember: boolean;
  /** The crew's cycle, when it has a running or scheduled one (issue 44). */
  cycle?: CrewInviteCycle | null;
}

/** POST /api/crew-invites/:token/join. */
export interface CrewJoined {
  crewId: string;
}

/** POST /api/crews/:id/nudges. */
export interface CrewNudgeSent {
  message: string;
}

/** GET /api/admin/crews. */
export interface AdminCrewView {
  id: string;
  name: string;
  ownerName: string | null;
  memberCount: number;
  createdAt: string;
  closedAt: string | null;
  /** The crew's scheduled or running cycle (issue 44); null: none. */
  cycle?: AdminCrewCycleView | null;
}

export interface AdminCrewsPage {
  crews: AdminCrewView[];
  nextCursor: string | null;
}

/** One day of a weekly review: checked in, missed, a rest day or a missed day forgiven (0048, 0098). */
export interface ReviewDayView {
  day: number;
  date: string;
  status: 'done' | 'missed' | 'rest' | 'grace';
  movedMinutes: number;
  steps: number;
  proteinTargetHit: boolean;
  hydrationGoalHit: boolean;
  /** The first line of the day's journal, or null. */
  journalLine: string | null;
}

/** A number of the week beside the week before (null in week 1 and in the final review). */
export interface ReviewNumber {
  value: number;
  previous: number | null;
  change: number | null;
}

export interface ReviewPhotoView {
  day: number;
  media: MediaView;
}

export type ReviewShareAudience = 'community' | 'only_me' | `crew:${string}`;

/** GET /api/review and /api/review/{cycle}/{week}. */
export interface WeeklyReviewView {
  /** The review's address is /app/review/{cycleId}/{week} (decision 0048). */
  cycleId: string;
  /** The cycle's number among the member's cycles, from 1, as the screen names it. */
  cycleNumber: number;
  cycleStartDate: string;
  week: number;
  /** Week 13: the whole cycle (a 90-day calendar, totals, then and now across the 90 days). */
  final: boolean;
  firstDay: number;
  lastDay: number;
  firstDate: string;
  lastDate: string;
  /** The week's days (days 85..90 in the final week). */
  days: ReviewDayView[];
  /** The final review's 90 days (and paused dates) with My Cycle's marks. Null in weeks 1..12. */
  calendar: Array<{ day: number | null; date: string; status: CycleDayStatus }> | null;
  checkins: ReviewNumber;
  movedMinutes: ReviewNumber;
  steps: ReviewNumber;
  proteinDays: ReviewNumber;
  hydrationDays: ReviewNumber;
  /** The run of check-ins ending on the week's last day, and the longest up to it. */
  currentStreak: number;
  bestStreak: number;
  /** Check-ins on days 1..lastDay over lastDay, in percent. */
  consistency: number;
  /** Milestone days that fell in the week. */
  milestones: number[];
  /** Badges the member was awarded during the week. */
  badges: Array<{ code: string; name: string; emoji: string | null }>;
  /** The week's proof photos (the whole cycle's in the final review), in day order. */
  photos: ReviewPhotoView[];
  /** The member's earliest proof photo of the cycle beside the newest of the week; null without photos. */
  thenAndNow: { then: ReviewPhotoView; now: ReviewPhotoView } | null;
  unitPref: 'imperial' | 'metric';
  /** The week's weight change in kg when two weights were saved (shown in the member's units). */
  weightChangeKg: number | null;
  /** The post made by "Share this week", if any. */
  sharedPostId: string | null;
  /** Neighbouring open reviews of this cycle, for the arrows. */
  previousWeek: number | null;
  nextWeek: number | null;
}

export interface WeeklyReviewResponse {
  review: WeeklyReviewView | null;
}

/** GET /api/review/weeks: the member's cycles and their weeks, for My Cycle's rows. */
export interface ReviewWeeksResponse {
  cycles: Array<{
    cycleId: string;
    cycleNumber: number;
    startDate: string;
    active: boolean;
    /** Weeks 1..13: the local date each opens, and whether it has. */
    weeks: Array<{ week: number; opensOn: string; open: boolean }>;
  }>;
}

/** POST /api/review/{cycle}/{week}/share. */
export interface ShareWeekResponse {
  postId: string;
  visibility: 'public' | 'crew' | 'private';
}

/** One progress photo of the member's cycle (issue 46): served to them alone until they share it. */
export interface ProgressPhotoView {
  /** The photo's media id (a proof photo marked as a progress photo). */
  id: string;
  day: number;
  /** The check-in's local date (yyyy-MM-dd). */
  date: string;
  pose: ProgressPose;
  url: string;
  thumbUrl: string | null;
  /** The weight the member logged that day (kg), if they logged one. */
  weightKg: number | null;
}

/** A proof photo of the cycle not marked yet, which the member may mark. */
export interface ProofPhotoView {
  id: string;
  day: number;
  date: string;
  thumbUrl: string | null;
}

/** GET /api/progress-photos: the active cycle's progress photos by day, and its other proof photos. */
export interface ProgressPhotosView {
  photos: ProgressPhotoView[];
  proofPhotos: ProofPhotoView[];
  /** The member has checked in today: a photo taken now can go with that check-in. */
  canTakePhoto: boolean;
}

/** POST /api/progress-photos/collage. */
export interface ShareCollageResponse {
  postId: string;
  visibility: 'public' | 'crew' | 'private';
  url: string;
}

// ---------------------------------------------------------------------------
// Crew cycles (issue 44, decisions 0113-0115): a crew's 90 days with one Day 1
// ---------------------------------------------------------------------------

/**
 * Where a crew cycle stands for the viewer: scheduled (the owner may still change its rules),
 * countdown (its rules are locked, since Day 1 has begun somewhere on Earth, but the viewer's own
 * Day 1 has not), running (the viewer's today is one of its 90 dates) or finished (past its Day 90).
 */
export type CrewCyclePhase = 'scheduled' | 'countdown' | 'running' | 'finished';

/**
 * A member's place in a crew cycle: on it (their cycle is the crew's), moving (they chose to move
 * and their cycle switches when their Day 1 begins), on their own cycle (they chose to stay, or
 * another crew's cycle holds theirs), or undecided (nothing moves without their choice).
 */
export type CrewCycleMemberState = 'on-crew-cycle' | 'moving' | 'on-own-cycle' | 'undecided';

/** The crew's goal: move minutes together, with the shared bar. */
export interface CrewGoalView {
  /** The goal in move minutes ("9,000 move minutes together"). */
  minutes: number;
  /** Move minutes the members on the crew cycle have checked in so far. */
  doneMinutes: number;
  /** doneMinutes over minutes, in whole percent, at most 100. */
  percent: number;
  reached: boolean;
}

/**
 * The crew streak: days on which every member on the crew cycle checked in or had a rest or paused
 * day. A grace day (or any miss) breaks it; today adds once everyone is in, and never breaks it
 * before it ends.
 */
export interface CrewStreakView {
  days: number;
  /** The longest crew streak of the cycle so far. */
  longest: number;
  /** Today (the latest crew day still under way somewhere) is counted: everyone is in. */
  todayCounted: boolean;
  /** Members on the crew cycle not in yet today: "Waiting for Sam". */
  waitingFor: Array<{ userId: string; displayName: string }>;
}

/** A member's today on the crew cycle's board, in their own zone. */
export type CrewCycleMemberToday =
  'checked-in' | 'rest' | 'paused' | 'not-yet' | 'starts-later' | 'cycle-complete';

/** One member on the crew cycle's board (their own cycle's numbers, as their My Cycle shows them). */
export interface CrewCycleBoardEntry {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  isOwner: boolean;
  isMe: boolean;
  /** 2 or 3: the member joined on that crew day ("joined Day 2"); null: from Day 1. */
  joinedDay: number | null;
  /** Their own cycle's day (My Cycle's), 1..90; null before their Day 1. */
  day: number | null;
  streak: number;
  /** Present on a strict cycle: the "Strict" tag. */
  strict?: true;
  atRisk: boolean;
  /** Check-ins over the days since their own first day, in whole percent (My Cycle's). */
  consistency: number;
  checkins: number;
  today: CrewCycleMemberToday;
  /** Not in yet today and can still check in: "Waiting for <name>", with the nudge. */
  waiting: boolean;
  /** The viewer already nudged them today (their day). */
  nudgedToday: boolean;
  /** Their move minutes toward the crew goal. */
  minutes: number;
}

/** A crew member not on the crew cycle: shown as "on their own cycle" (or still to choose). */
export interface CrewCycleOtherMember {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  isOwner: boolean;
  isMe: boolean;
  state: Exclude<CrewCycleMemberState, 'on-crew-cycle'>;
}

/** The viewer's own choice on a crew cycle. */
export interface CrewCycleMyChoice {
  state: CrewCycleMemberState;
  /** The viewer may choose to move now (the joining window is open and they are not on it). */
  canMove: boolean;
  /** The viewer may choose to stay on their own cycle (before their cycle has moved). */
  canStay: boolean;
  /** Another of the viewer's crews whose cycle holds theirs: moving here ends that one. */
  heldBy: { crewId: string; crewName: string } | null;
}

/** The joining window: open until the end of the crew's Day 3 in the viewer's zone. */
export interface CrewCycleJoinWindow {
  open: boolean;
  /** The date of Day 3 (yyyy-MM-dd); the window closes as it ends, in each member's zone. */
  closesOn: string;
  /** The instant it closes in the viewer's zone (ISO 8601). */
  closesAt: string;
}

/** A crew cycle's schedule and rules. */
export interface CrewCycleSummary {
  id: string;
  crewId: string;
  /** Day 1's calendar date in every member's zone (yyyy-MM-dd). */
  startDate: string;
  /** Day 90's calendar date. */
  lastDate: string;
  mode: StreakMode;
  /** "Forgiving" or "Strict". */
  modeLabel: string;
  /** The goal in move minutes; null: none. */
  goalMinutes: number | null;
  /** The instant the rules lock: Day 1 begins in the earliest zone (UTC+14). */
  rulesLockAt: string;
}

/** A crew cycle as the crew page shows it to one of the crew's members. */
export interface CrewCycleView extends CrewCycleSummary {
  phase: CrewCyclePhase;
  /** The viewer's today (their zone) and the crew day it is (1..90); null before the start. */
  today: string;
  crewDay: number | null;
  /** Calendar days from the viewer's today to the start (0 once started). */
  daysToStart: number;
  rulesLocked: boolean;
  /** The viewer owns the crew and the rules are not locked yet. */
  canChangeRules: boolean;
  joinWindow: CrewCycleJoinWindow;
  me: CrewCycleMyChoice;
  /** The members on the crew cycle, ranked by consistency since their own first day. */
  board: CrewCycleBoardEntry[];
  /** The crew's other members. */
  others: CrewCycleOtherMember[];
  crewStreak: CrewStreakView;
  goal: CrewGoalView | null;
  /** The finale page can be read (the viewer's today is Day 90 or later). */
  finaleReady: boolean;
}

/**
 * GET /api/crews/:id/cycle: the crew's cycle the crew page shows (the running one, else the next
 * scheduled, else the last finished) and the next scheduled one after a running one.
 */
export interface CrewCycleState {
  cycle: CrewCycleView | null;
  next: CrewCycleSummary | null;
  /** The viewer owns the crew and may schedule a cycle now (none scheduled). */
  canSchedule: boolean;
  /** The dates the owner may choose from (the owner's today .. +60 days), yyyy-MM-dd. */
  scheduleFrom: string;
  scheduleUntil: string;
}

/** A Day 1 or Day 90 photo on the finale: only one its member shared where this crew sees it. */
export interface CrewCyclePhoto {
  day: number;
  date: string;
  url: string;
  thumbUrl: string | null;
}

/** One member on the Day 90 finale. */
export interface CrewCycleFinaleMember {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
  isMe: boolean;
  joinedDay: number | null;
  consistency: number;
  checkins: number;
  longestStreak: number;
  strict?: true;
  minutes: number;
  dayOnePhoto: CrewCyclePhoto | null;
  dayNinetyPhoto: CrewCyclePhoto | null;
}

/** GET /api/crews/:id/cycles/:cycleId/finale: the whole crew's Day 90. */
export interface CrewCycleFinale {
  cycle: CrewCycleSummary;
  crewName: string;
  crewStreak: { days: number; longest: number };
  goal: CrewGoalView | null;
  /** Ranked by consistency. */
  members: CrewCycleFinaleMember[];
}

/** What the invite page says of the crew's cycle (GET /api/crew-invites/:token). */
export interface CrewInviteCycle {
  /** The running cycle's joining window has closed in the viewer's zone. */
  closed: boolean;
  /** The running or scheduled cycle's start; null: none. */
  startDate: string | null;
  /** The crew's next scheduled cycle, offered when the running one is closed. */
  next: { startDate: string; mode: StreakMode; modeLabel: string } | null;
}

/** The cycle the admin's Crews screen shows beside a crew. */
export interface AdminCrewCycleView {
  startDate: string;
  mode: StreakMode;
  state: 'scheduled' | 'running';
  /** Members whose cycle the crew cycle holds. */
  members: number;
}
