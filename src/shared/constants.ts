// Every number and option list from the product spec, in product words.
// Plain data only: both the React client and the Node server import this file.

export const PRODUCT_NAME = 'StackDays' as const;
export const TAGLINE = 'Show up. Stack days. Become unstoppable.' as const;

// ---------------------------------------------------------------------------
// Cycle, badges and milestones
// ---------------------------------------------------------------------------

export const CYCLE_LENGTH_DAYS = 90 as const;

export const BADGE_DAYS = [7, 21, 45, 60, 90] as const;
export type BadgeDay = (typeof BADGE_DAYS)[number];

/** The My Cycle milestones fall on the same days as the streak badges. */
export const MILESTONE_DAYS = BADGE_DAYS;
/** A milestone is "Coming Up" when it is at most this many days ahead. */
export const MILESTONE_COMING_UP_WINDOW = 7 as const;

// The weekly review (decision 0048): week n is days 7n-6..7n; week 13 is days 85..90 and the whole cycle.
export const REVIEW_DAYS_PER_WEEK = 7 as const;
export const REVIEW_WEEKS = 13 as const;
/** The home card shows a newly opened review for this many days. */
export const REVIEW_NEW_DAYS = 3 as const;
/** After downtime, the newest review's e-mail still goes out up to this many days after its week. */
export const REVIEW_EMAIL_CATCH_UP_DAYS = 7 as const;
/** Photos a member may add to "Share this week". */
export const REVIEW_SHARE_MAX_PHOTOS = 4 as const;
/** Where a shared week goes: the community feed or only the member (crews plug in here, issue 30). */
export const REVIEW_SHARE_AUDIENCES = ['community', 'only_me'] as const;
export const DEFAULT_WEEKLY_REVIEW_EMAIL = true as const;

// Forgiving streaks (issue 43, decision 0098): the rule is src/shared/domain/forgiving-streak.ts.
export const STREAK_MODES = ['forgiving', 'strict'] as const;
export type StreakMode = (typeof STREAK_MODES)[number];
export const DEFAULT_STREAK_MODE: StreakMode = 'forgiving';
/** A cycle's mode may change only on its first this-many days. */
export const STREAK_MODE_CHOICE_DAYS = 3 as const;
/** Rest days a member may plan each week (0 to this many weekdays). */
export const REST_DAYS_MAX = 2 as const;
/** Paused days a cycle may have in all; paused days are not days of the cycle. */
export const PAUSE_DAYS_PER_CYCLE = 7 as const;
/** One missed day in any this-many days of the cycle is forgiven (a grace day). */
export const GRACE_WINDOW_DAYS = 7 as const;
/** Weekdays as Settings names them, Monday first (ISO weekday = index + 1). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** Streak length (consecutive check-ins) -> badge code awarded at exactly that length. */
export const STREAK_BADGE_CODES = {
  7: 'starter_7',
  21: 'momentum_21',
  45: 'middle_45',
  60: 'relentless_60',
  90: 'finisher_90',
} as const satisfies Record<BadgeDay, string>;
export type StreakBadgeCode = (typeof STREAK_BADGE_CODES)[BadgeDay];

export const GENERIC_BADGE_EMOJI = '🏅' as const;

// Names and descriptions are ours: the spec gives only the codes and says each
// has a default emoji.
export const KNOWN_BADGES = {
  starter_7: {
    name: 'Starter',
    description: 'Completed 7 consecutive check-ins',
    emoji: '🔥',
  },
  momentum_21: {
    name: 'Momentum',
    description: 'Completed 21 consecutive check-ins',
    emoji: '⚡',
  },
  middle_45: {
    name: 'Halfway Hero',
    description: 'Completed 45 consecutive check-ins',
    emoji: '💪',
  },
  relentless_60: {
    name: 'Relentless',
    description: 'Completed 60 consecutive check-ins',
    emoji: '🚀',
  },
  finisher_90: {
    name: 'Finisher',
    description: 'Completed 90 consecutive check-ins',
    emoji: '🏆',
  },
  gold_steps_week: {
    name: 'Gold Steps Week',
    description: 'Hit a big step count every day for a week',
    emoji: '👟',
  },
  encourager: {
    name: 'Encourager',
    description: 'Cheered on other members in the community',
    emoji: '📣',
  },
} as const;
export type KnownBadgeCode = keyof typeof KNOWN_BADGES;
export const KNOWN_BADGE_CODES = Object.keys(KNOWN_BADGES) as KnownBadgeCode[];

export const BADGE_IMAGE_SIZE = 512 as const;
/** Not in the spec. */
export const BADGE_NAME_MAX = 60 as const;
export const BADGE_CODE_MAX = 40 as const;
export const BADGE_DESCRIPTION_MAX = 300 as const;
export const BADGE_REASON_MAX = 300 as const;

// ---------------------------------------------------------------------------
// Sign-in, sign-up and accounts
// ---------------------------------------------------------------------------

export const CODE_LENGTH = 6 as const;
export const RESEND_COOLDOWN_SECONDS = 30 as const;
/** Server-side lifetime and attempt limit of an e-mailed code (not in the spec). */
export const OTP_TTL_MINUTES = 10 as const;
export const OTP_MAX_ATTEMPTS = 5 as const;
/** Wrong codes per account (across codes) before code entry pauses for the rest of the window. */
export const CODE_FAILURES_PER_ACCOUNT = 15 as const;
export const CODE_FAILURE_WINDOW_MINUTES = 60 as const;

export const PASSWORD_MIN_LENGTH = 8 as const;
/** Upper bound keeps password hashing cheap enough to resist abuse (not in the spec). */
export const PASSWORD_MAX_LENGTH = 128 as const;
export const DISPLAY_NAME_MAX = 60 as const;
/** First and last names share the display-name limit (not in the spec). */
export const PERSON_NAME_MAX = 60 as const;
/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX = 254 as const;
export const COUNTRY_MAX = 60 as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'user';

/** Shown in the avatar menu when the member has no display name. */
export const AVATAR_FALLBACK_INITIAL = 'U' as const;

// ---------------------------------------------------------------------------
// Subscription, prices, trial, coupons and invites
// ---------------------------------------------------------------------------

export const TRIAL_DAYS = 30 as const;

export const PRICES = {
  monthly: {
    priceId: 'price_monthly_9_usd',
    amountUsd: 9,
    interval: 'month',
    savings: null,
  },
  yearly: {
    priceId: 'price_yearly_90_usd',
    amountUsd: 90,
    interval: 'year',
    savings: '2 months free',
  },
} as const;
export type PlanKey = keyof typeof PRICES;
/** The plans in the order they are offered, and their names on the pricing page and in Settings. */
export const PLAN_KEYS = ['monthly', 'yearly'] as const satisfies readonly PlanKey[];
export const PLAN_LABELS = {
  monthly: 'Monthly',
  yearly: 'Yearly',
} as const satisfies Record<PlanKey, string>;
export const PRICE_IDS = [PRICES.monthly.priceId, PRICES.yearly.priceId] as const;
export type PriceId = (typeof PRICE_IDS)[number];

export const SUBSCRIBED_STATUSES = ['active', 'trialing'] as const;
/** After change-plan the status is read again this much later. */
export const PLAN_CHANGE_REFRESH_DELAY_MS = 1000 as const;

/** A coupon's months_free is shown as months x 30 free days. */
export const DAYS_PER_FREE_MONTH = 30 as const;
export const COUPON_MONTHS_MIN = 1 as const;
export const COUPON_MONTHS_MAX = 24 as const;
export const COUPON_MONTHS_DEFAULT = 3 as const;
/** A non-numeric months-free entry falls back to this. */
export const COUPON_MONTHS_FALLBACK = 1 as const;
/** Not in the spec: long enough for any readable code, short enough for a URL. */
export const COUPON_CODE_MAX = 40 as const;
export const COUPON_NOTES_MAX = 500 as const;
export const COUPON_STATUSES = ['active', 'inactive', 'expired', 'exhausted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_FAILURE_REASONS = ['not_found', 'inactive', 'expired', 'exhausted'] as const;
export type CouponFailureReason = (typeof COUPON_FAILURE_REASONS)[number];

export const INVITE_FREE_MONTHS = 1 as const;
export const INVITES_PER_DAY = 10 as const;

/** Admin "comp" choices when creating a user: months free, or free for life (named by msg.options). */
export const COMP_OPTIONS = [
  { value: 'none', months: 0 },
  { value: '1', months: 1 },
  { value: '3', months: 3 },
  { value: '6', months: 6 },
  { value: '12', months: 12 },
  { value: 'lifetime', months: null },
] as const;
export type CompOption = (typeof COMP_OPTIONS)[number]['value'];
export const COMP_VALUES = COMP_OPTIONS.map((o) => o.value) as [CompOption, ...CompOption[]];
export const DEFAULT_COMP: CompOption = 'none';
/** The admin Add User dialog sends the invitation e-mail unless unticked. */
export const DEFAULT_SEND_INVITE = true as const;

// ---------------------------------------------------------------------------
// Daily check-in, journal and media
// ---------------------------------------------------------------------------

export const CHECKIN_EDIT_WINDOW_MINUTES = 15 as const;
/** Not in the spec: a day has 1440 minutes, so more cannot be true. */
export const MOVE_MINUTES_MAX = 1440 as const;
/** Not in the spec: ultra-marathoners log ~100k steps; 200k leaves room and stops typos like an extra zero on 100k. */
export const STEPS_MAX = 200_000 as const;
export const HYDRATION_GLASSES = 8 as const;
export const DEFAULT_CAPTION = 'Daily check-in complete!' as const;

export const JOURNAL_MAX_LENGTH = 2000 as const;
export const JOURNAL_ROWS = 6 as const;
/** Markdown the journal toolbar inserts. */
export const JOURNAL_MARKDOWN = {
  bold: '**',
  italic: '*',
  heading: '## ',
  bulletList: '- ',
  numberedList: '1. ',
} as const;

export const MAX_MEDIA_PER_CHECKIN = 10 as const;
export const MAX_MEDIA_PER_UPDATE = 5 as const;
/**
 * Not in the spec: an update declared with media but no text, whose files never arrived, is removed
 * this long after its 15-minute upload window closed (room for a slow upload still streaming).
 */
export const PENDING_UPDATE_GRACE_MINUTES = 60 as const;
export const ACCEPTED_MEDIA_TYPES = ['image/*', 'video/*'] as const;
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** A legacy posts.media_url is a video when it contains one of these. */
export const LEGACY_VIDEO_MARKERS = ['.mp4', '.mov'] as const;

const MB = 1024 * 1024;
/**
 * Not in the spec. 15 MB fits a full-resolution photo from a current phone
 * (12-48 MP JPEG/HEIC is 3-12 MB) while refusing RAW files nobody needs in a feed.
 */
export const MAX_IMAGE_BYTES = 15 * MB;
/**
 * Not in the spec. 200 MB holds about 90 s of 1080p/30 phone video (~1.3 MB/s),
 * plenty for a workout clip, and keeps a single upload within a few minutes on
 * a mobile connection.
 */
export const MAX_VIDEO_BYTES = 200 * MB;
export const AVATAR_MAX_BYTES = 5 * MB;
export const STORAGE_CACHE_SECONDS = 3600 as const;
/**
 * Not in the spec. Pixels per image (per frame of an animation), checked from the header before
 * decoding: a decode holds every pixel in memory (50 MP is 200 MB as RGBA). 48 MP phone photos pass.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Not in the spec. Stored proof photos and videos per member (files and previews): about ten
 * 200 MB clips, or thousands of photos (a stored photo is 0.2-0.5 MB).
 */
export const MEDIA_STORAGE_QUOTA_BYTES = 2 * 1024 * MB;

// ---------------------------------------------------------------------------
// Feed, comments, reactions, reports
// ---------------------------------------------------------------------------

export const FEED_PAGE_SIZE = 30 as const;
export const BUDDY_FEED_LIMIT = 20 as const;
export const BUDDY_FEED_HOURS = 48 as const;
export const FIRST_COMMENTS_SHOWN = 2 as const;
/** Not in the spec. */
export const COMMENT_MAX_LENGTH = 1000 as const;
/** Not in the spec. */
export const REPORT_REASON_MAX = 500 as const;
/**
 * Not in the spec: per-member write limits (a lively thread is a few comments a minute; a bot is
 * dozens a second). Refused writes are not counted.
 */
export const COMMENTS_PER_MINUTE = 10 as const;
export const COMMENTS_PER_DAY = 300 as const;
/** Not in the spec: updates on the member's own check-ins. */
export const UPDATES_PER_HOUR = 10 as const;
export const UPDATES_PER_DAY = 30 as const;

export const REACTION_KEYS = ['like', 'strong', 'celebrate', 'fireworks'] as const;
export type ReactionKey = (typeof REACTION_KEYS)[number];
export const REACTION_EMOJI = {
  like: '👍',
  strong: '💪',
  celebrate: '🎉',
  fireworks: '🎆',
} as const satisfies Record<ReactionKey, string>;

// ---------------------------------------------------------------------------
// Community, My Cycle insights
// ---------------------------------------------------------------------------

export const LEADERBOARD_TOP = 20 as const;
export const LONGEST_STREAKS_TOP = 10 as const;
/** Consistency score (0-100) at or above which performance is "excellent". */
export const INSIGHT_EXCELLENT_MIN = 80 as const;
/** Consistency score at or above which performance is "good"; below is a warning. */
export const INSIGHT_GOOD_MIN = 60 as const;

// ---------------------------------------------------------------------------
// Emoji picker
// ---------------------------------------------------------------------------

export const EMOJI_GRID_COLUMNS = 5 as const;
/** The journal's emoji tabs (named by msg.options.emojiCategory). */
export const EMOJI_CATEGORIES = [
  {
    key: 'encouragement',
    emoji: [
      '🔥',
      '💪',
      '🙌',
      '👏',
      '🎉',
      '⭐',
      '🌟',
      '✨',
      '🏆',
      '🥇',
      '💯',
      '🚀',
      '👊',
      '❤️',
      '😊',
    ],
  },
  {
    key: 'fitness',
    emoji: [
      '🏃',
      '🏋️',
      '🚴',
      '🏊',
      '🧘',
      '🤸',
      '🚶',
      '⛹️',
      '🥊',
      '🧗',
      '🏅',
      '⏱️',
      '👟',
      '💦',
      '😅',
    ],
  },
  {
    key: 'nutrition',
    emoji: [
      '🥗',
      '🥦',
      '🍎',
      '🍌',
      '🥑',
      '🍗',
      '🥚',
      '🐟',
      '🥩',
      '🍠',
      '🥜',
      '🫐',
      '🥛',
      '💧',
      '🍵',
    ],
  },
] as const;
export type EmojiCategoryKey = (typeof EMOJI_CATEGORIES)[number]['key'];
export const DEFAULT_EMOJI_CATEGORY: EmojiCategoryKey = 'encouragement';

// ---------------------------------------------------------------------------
// Profile, settings, health and workouts
// ---------------------------------------------------------------------------

/** 5 AM to 10 PM, 18 options. */
export const REMINDER_HOURS = [
  5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
] as const;
export type ReminderHour = (typeof REMINDER_HOURS)[number];
/** Devices with push nudges per member; subscribing another drops the oldest (decision 0020). */
export const MAX_PUSH_SUBSCRIPTIONS = 10 as const;
export const DEFAULT_REMINDER_HOUR: ReminderHour = 19;
export const DEFAULT_EMAIL_NUDGES = true as const;
export const DEFAULT_PUSH_NUDGES = false as const;

export const UNIT_PREFS = ['imperial', 'metric'] as const;
export type UnitPref = (typeof UNIT_PREFS)[number];
export const DEFAULT_UNIT_PREF: UnitPref = 'imperial';
export const CM_PER_INCH = 2.54 as const;
export const KG_PER_POUND = 0.453592 as const;
export const INCHES_PER_FOOT = 12 as const;

export const DEFAULT_SETTINGS_TIMEZONE = 'America/Denver' as const;

/**
 * The spec gives the count (14), not the zones: these are ours. The member's one time zone (decision
 * 0033) is one of them, or the browser's at sign-up. The profile's list of 11 went with its dead
 * "home time zone". Their names are msg.options.timeZone's.
 */
export const SETTINGS_TIMEZONES = [
  { value: 'America/New_York' },
  { value: 'America/Chicago' },
  { value: 'America/Denver' },
  { value: 'America/Phoenix' },
  { value: 'America/Los_Angeles' },
  { value: 'America/Anchorage' },
  { value: 'Pacific/Honolulu' },
  { value: 'America/Sao_Paulo' },
  { value: 'Europe/London' },
  { value: 'Europe/Paris' },
  { value: 'Asia/Kolkata' },
  { value: 'Asia/Singapore' },
  { value: 'Asia/Tokyo' },
  { value: 'Australia/Sydney' },
] as const;
export type SettingsTimeZone = (typeof SETTINGS_TIMEZONES)[number]['value'];

export const BIRTH_YEAR_MIN = 1920 as const;
/** Not in the spec: bounds that catch unit mix-ups (inches typed as cm) without refusing real bodies. */
export const HEIGHT_CM_MIN = 50 as const;
export const HEIGHT_CM_MAX = 275 as const;
export const WEIGHT_KG_MIN = 20 as const;
export const WEIGHT_KG_MAX = 400 as const;
/** Not in the spec: the workout age field keeps digits only; the server still wants a human age. */
export const WORKOUT_AGE_MAX = 120 as const;

export const GENDERS = ['male', 'female', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export const FITNESS_GOALS = [
  'fat_loss',
  'strength',
  'endurance',
  'mobility',
  'feel_better',
] as const;
export type FitnessGoal = (typeof FITNESS_GOALS)[number];

/**
 * Health profile equipment. The workout screen uses this list too (its own is not in the spec).
 * The names members read of these option lists are msg.options' (issue 47): the values stay.
 */
export const EQUIPMENT = [
  'none',
  'dumbbells',
  'barbell',
  'machines',
  'bands',
  'outdoors',
  'home_gym',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];

/** The onboarding list, which names equipment differently. */
export const ONBOARDING_EQUIPMENT = [
  'machines',
  'outside',
  'weights',
  'bands',
  'home_gym',
  'none',
] as const;

export const STEP_TRACKERS = ['watch', 'tracker', 'phone', 'none'] as const;
export type StepTracker = (typeof STEP_TRACKERS)[number];
export const DEFAULT_STEP_TRACKER: StepTracker = 'phone';

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];
/** Not in the spec (it says "no other bound"): keeps free text fields sane on the server. */
export const WORKOUT_NOTES_MAX = 1000 as const;
export const HEALTH_CONSTRAINTS_MAX = 1000 as const;
/** Not in the spec ('a few per hour'): weekly plans a member may generate; each may call a paid AI endpoint. */
export const WORKOUT_GENERATIONS_PER_HOUR = 5 as const;
export const WORKOUT_GENERATIONS_PER_DAY = 15 as const;
/** Not in the spec: calls to the AI endpoint per hour for the whole server; past it the built-in planner answers. */
export const WORKOUT_AI_CALLS_PER_HOUR = 200 as const;
/** How long the server waits for the AI endpoint before the built-in planner takes over. */
export const WORKOUT_AI_TIMEOUT_MS = 30_000 as const;
/** Not in the spec: per-member limits on avatar uploads (each is re-encoded) and data exports (each reads every file). */
export const AVATAR_UPLOADS_PER_HOUR = 10 as const;
export const AVATAR_UPLOADS_PER_DAY = 30 as const;
export const DATA_EXPORTS_PER_HOUR = 3 as const;
export const DATA_EXPORTS_PER_DAY = 10 as const;
/** Not in the spec: per-member limits on sharing progress-photo collages (each is composed and posted). */
export const COLLAGES_PER_HOUR = 10 as const;
export const COLLAGES_PER_DAY = 30 as const;
/** How long the link from 'Download my data' works (it is signed for the member who asked). */
export const DATA_EXPORT_LINK_SECONDS = 300 as const;
/** Not in the spec: downloads one link allows (the second is a retry after a broken download). */
export const DATA_EXPORT_DOWNLOADS_PER_LINK = 2 as const;
/** What the member types to confirm 'Delete my account'; checked on the server. */
export const ACCOUNT_DELETE_CONFIRMATION = 'DELETE' as const;

// ---------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------

export const ADMIN_SECTIONS = [
  'users',
  'subscriptions',
  'notifications',
  'posts',
  'reports',
  'badges',
  'coupons',
] as const;

export const NOTIFICATION_LOG_LIMIT = 100 as const;
export const NOTIFICATION_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'failed',
  'dropped',
] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** The admin filter offers every status but dropped, after an "all" choice. */
export const NOTIFICATION_FILTER_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'failed',
] as const satisfies readonly NotificationStatus[];
export const NOTIFICATION_FILTER_ALL = 'all' as const;

export const CAPTION_PREVIEW = 50 as const;
export const CUSTOMER_ID_PREVIEW = 10 as const;

// ---------------------------------------------------------------------------
// Formatting and client behaviour
// ---------------------------------------------------------------------------

/** date-fns format strings. */
export const DATE_FORMATS = {
  date: 'MMM dd, yyyy',
  dateTime: 'MMM dd, yyyy HH:mm',
  shortDateTime: 'MMM d, h:mm a',
} as const;

/** Data-query retry policy: 3 retries, 1 s doubling up to 30 s; unused data dropped after 5 min. */
export const DATA_QUERY = {
  retries: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  gcTimeMs: 5 * 60 * 1000,
} as const;
/** /api/ready gives the database and the storage this long each before it calls them unreachable. */
export const READY_CHECK_TIMEOUT_MS = 2_000 as const;
/** An incoming X-Request-Id is kept only up to this length (letters, digits, _ - =); else one is made. */
export const REQUEST_ID_MAX_LENGTH = 64 as const;
/** Idempotency keys (decision 0023): at most this long, letters, digits and `_ - : .`; kept this many hours. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128 as const;
export const IDEMPOTENCY_KEY_TTL_HOURS = 72 as const;
/**
 * A check-in made offline counts for the local day it was made on when it reaches the server at most
 * this many hours after it was made (so yesterday only until about noon today; decision 0023).
 */
export const OFFLINE_CHECKIN_MAX_AGE_HOURS = 12 as const;
/** A device clock this far ahead of the server's is still believed (not further). */
export const CLIENT_CLOCK_SKEW_MINUTES = 5 as const;

// Connections (issue 29; decisions 0044 and 0045)
/** What a personal access token may do: send today's steps and minutes, and read the member's own data. */
export const API_TOKEN_SCOPES = ['activity:write', 'read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** At most this many tokens per member. */
export const API_TOKENS_MAX = 10 as const;
export const API_TOKEN_NAME_MAX = 60 as const;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'sdk_' as const;
/** Requests one token may make per minute; past it, 429 with Retry-After. */
export const API_REQUESTS_PER_MINUTE = 60 as const;
/** Failed token checks one address may cause per minute. */
export const API_FAILED_AUTH_PER_MINUTE = 20 as const;
/** `last used` is written at most this often per token (a phone sending every minute writes little). */
export const API_TOKEN_LAST_USED_EVERY_SECONDS = 60 as const;
/** A connection's label ("Apple Health"): at most this long. */
export const ACTIVITY_SOURCE_MAX = 40 as const;
/** GET /api/v1/me/checkins: default and largest page. */
export const API_PAGE_SIZE = 30 as const;
export const API_PAGE_SIZE_MAX = 100 as const;

// Phone bridges (issue 45; decisions 0106-0108): two apps' own payloads at /api/v1/ingest/...
/** The apps whose payloads StackDays reads, by the last segment of their ingest address. */
export const BRIDGE_APPS = ['health-auto-export', 'health-connect'] as const;
export type BridgeApp = (typeof BRIDGE_APPS)[number];
/** The source named wherever a number or a ticked box came from a bridge. */
export const BRIDGE_SOURCES = {
  'health-auto-export': 'Apple Health',
  'health-connect': 'Health Connect',
} as const satisfies Record<BridgeApp, string>;
/** The apps as their makers name them. */
export const BRIDGE_APP_NAMES = {
  'health-auto-export': 'Health Auto Export',
  'health-connect': 'Health Connect to Webhook',
} as const satisfies Record<BridgeApp, string>;
/** The largest bridge delivery (a day of an active member's data with workout routes fits well under it). */
export const BRIDGE_MAX_BYTES = 10 * 1024 * 1024;
/** The largest amount one sample may carry (steps, minutes, mL, g): past it, a unit mix-up. */
export const BRIDGE_SAMPLE_AMOUNT_MAX = 1_000_000 as const;
/** Samples of the kept kinds one delivery may carry. */
export const BRIDGE_SAMPLES_MAX = 20_000 as const;
/** The sync log: the last this many deliveries per member, each kept at most this many days. */
export const SYNC_LOG_SIZE = 20 as const;
export const SYNC_LOG_RETENTION_DAYS = 30 as const;
/** A bridge's samples only matter on their own day; kept this many days for a late resend. */
export const BRIDGE_SAMPLE_RETENTION_DAYS = 3 as const;
/** Outcomes of a delivery, as the sync log lists them. */
export const SYNC_OUTCOMES = ['used', 'skipped', 'refused', 'test'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];
/** Daily fuel targets (Settings): protein in grams, water in millilitres (shown as litres or cups). */
export const PROTEIN_TARGET_MIN_G = 1 as const;
export const PROTEIN_TARGET_MAX_G = 500 as const;
export const WATER_TARGET_MIN_ML = 100 as const;
export const WATER_TARGET_MAX_ML = 10_000 as const;
/** US customary volumes, in millilitres. */
export const ML_PER_US_CUP = 236.5882365;
export const ML_PER_US_FL_OZ = 29.5735295625;
export const ML_PER_IMPERIAL_FL_OZ = 28.4130625;
// ---------------------------------------------------------------------------
// Crews and post audiences (issue 30, decisions 0046-0047)
// ---------------------------------------------------------------------------

/** A crew's name, trimmed, at most this many characters. */
export const CREW_NAME_MAX = 40 as const;
/** Members of one crew, the owner included. */
export const CREW_MAX_MEMBERS = 20 as const;
/** Open crews one member belongs to at once. */
export const CREWS_PER_MEMBER = 5 as const;
/** An invite link works this many days after it was made (or until the owner makes a new one). */
export const CREW_INVITE_DAYS = 7 as const;
/** Who sees a post: everyone (the community feed), one crew of the author's, or the author alone. */
export const POST_AUDIENCE_KINDS = ['community', 'crew', 'only_me'] as const;
// ---------------------------------------------------------------------------
// Progress photos (issue 46, decisions 0109-0111)
// ---------------------------------------------------------------------------

/** The poses a progress photo names: the same pose on two days is what compares. */
export const PROGRESS_POSES = ['front', 'side', 'back'] as const;
export type ProgressPose = (typeof PROGRESS_POSES)[number];
/** A collage: the two days side by side, each photo filling one half of this (WebP, no metadata). */
export const COLLAGE_WIDTH_PX = 1600 as const;
export const COLLAGE_HEIGHT_PX = 1000 as const;
/** The band under each half naming its Day. */
export const COLLAGE_LABEL_PX = 96 as const;
/** Composing a collage of two 12-megapixel photos: p95 under this, measured by `npm run bench`. */
export const COLLAGE_P95_BUDGET_MS = 1000 as const;
/** Time-lapse speeds, in milliseconds per frame (the middle one first). */
export const TIME_LAPSE_FRAME_MS = [1000, 500, 250] as const;
export const TIME_LAPSE_DEFAULT_FRAME_MS = 500 as const;
/** How see-through Day 1's photo lies over the camera in the ghost guide (0 to 1). */
export const GHOST_GUIDE_OPACITY = 0.4 as const;

// ---------------------------------------------------------------------------
// Crew cycles (issue 44, decisions 0113-0115)
// ---------------------------------------------------------------------------

/** How far ahead an owner may schedule "our 90 days start on" (days from their today). */
export const CREW_CYCLE_SCHEDULE_MAX_DAYS = 60 as const;
/** New members may join a running crew cycle until the end of this crew day, in their own zone. */
export const CREW_CYCLE_JOIN_DAYS = 3 as const;
/** The largest crew goal, in move minutes (20 members x 90 days x 1,440 minutes, rounded down). */
export const CREW_GOAL_MAX_MINUTES = 2_500_000 as const;
/** The choices a member makes on a crew cycle: move their cycle to it, or stay on their own. */
export const CREW_CYCLE_CHOICES = ['move', 'stay'] as const;
export type CrewCycleChoice = (typeof CREW_CYCLE_CHOICES)[number];
/** The zone whose midnight comes first on Earth (UTC+14): a crew cycle's rules lock as its Day 1 begins there. */
export const EARLIEST_TIME_ZONE = 'Pacific/Kiritimati' as const;
