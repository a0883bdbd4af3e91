// Every user-facing sentence from the product spec, word for word, plus a few
// the server needs that the spec does not name (grouped at the end).
// Client toasts and server error bodies both read from here, so a member sees
// the same words whichever side caught the problem.

import {
  CODE_LENGTH,
  CYCLE_LENGTH_DAYS,
  INVITES_PER_DAY,
  JOURNAL_MAX_LENGTH,
  MAX_MEDIA_PER_CHECKIN,
  MAX_MEDIA_PER_UPDATE,
  MOVE_MINUTES_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  BIRTH_YEAR_MIN,
  COUPON_MONTHS_MAX,
  COUPON_MONTHS_MIN,
  COMMENT_MAX_LENGTH,
  REPORT_REASON_MAX,
  DISPLAY_NAME_MAX,
  MAX_IMAGE_PIXELS,
  MEDIA_STORAGE_QUOTA_BYTES,
  ACCOUNT_DELETE_CONFIRMATION,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  OFFLINE_CHECKIN_MAX_AGE_HOURS,
  API_TOKENS_MAX,
  API_TOKEN_NAME_MAX,
  BRIDGE_MAX_BYTES,
  BRIDGE_SAMPLE_AMOUNT_MAX,
  BRIDGE_SAMPLES_MAX,
  PROTEIN_TARGET_MAX_G,
  PROTEIN_TARGET_MIN_G,
  SYNC_LOG_RETENTION_DAYS,
  SYNC_LOG_SIZE,
  ACTIVITY_SOURCE_MAX,
  CREW_NAME_MAX,
  CREW_MAX_MEMBERS,
  CREWS_PER_MEMBER,
  CREW_CYCLE_JOIN_DAYS,
  CREW_CYCLE_SCHEDULE_MAX_DAYS,
  CREW_GOAL_MAX_MINUTES,
  PAUSE_DAYS_PER_CYCLE,
  REST_DAYS_MAX,
  STREAK_MODE_CHOICE_DAYS,
} from './constants';
import { formatNumber } from './format';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** A new cycle that has not reached its Day 1 yet (decision 0032), said the same on every screen. */
const STARTS_TOMORROW = 'Starts tomorrow';

/** Without payments, where a member asks for more time (BILLING_CONTACT, decision 0034). */
const askForAccess = (contact: string | null) =>
  contact
    ? `To keep going, ask for more time: ${contact}`
    : 'To keep going, ask the people who run this StackDays for more time.';

/** A wait in the largest whole unit that is not zero: '40 seconds', '3 minutes', '2 hours'. */
const waitTime = (seconds: number) => {
  if (seconds < 60) return plural(seconds, '1 second', `${seconds} seconds`);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, '1 minute', `${minutes} minutes`);
  const hours = Math.ceil(minutes / 60);
  return plural(hours, '1 hour', `${hours} hours`);
};

export const msg = {
  // -------------------------------------------------------------------------
  // Shell, guard and public pages
  // -------------------------------------------------------------------------
  pageNotFound: 'Oops! Page not found',
  goHome: 'Go to Home',
  loading: 'Loading...',
  authenticating: 'Authenticating...',
  startYour90Days: 'Start Your 90 Days - $9/mo',
  tryDifferentEmail: 'Try a different email',
  startMyJourney: 'Start My Journey',
  freeMonthsStartNow: (n: number) =>
    plural(n, '1 free month starts now', `${n} free months start now`),
  dontRequireCardForTrial: "Don't require card for trial",
  oneMonthFree: '1 Month Free',
  acceptInviteAndContinue: 'Accept Invite & Continue',
  inviteNotFound: 'Invite Not Found',
  inviteExpiredOrUsed: 'This invite may have expired or already been used.',
  welcomeAdmin: 'Welcome, Admin!',
  accountActivated: 'Account activated successfully!',

  // -------------------------------------------------------------------------
  // Sign-in, sign-up, verification: errors
  // -------------------------------------------------------------------------
  fillInEmailAndPassword: 'Please fill in email and password',
  fillInDisplayName: 'Please fill in your display name',
  acceptTerms: 'Please accept the terms of service and privacy policy',
  enterVerificationCode: 'Please enter the verification code',
  sendCodeFailed: "We couldn't send a code. Please try again.",
  verifyCodeFailed: 'Invalid or expired code. Please try again.',
  authenticationFailed: 'Authentication failed. Please try again.',
  setPasswordFailed: 'Failed to set password. Please try again.',
  sendVerificationCodeFailed: 'Failed to send verification code',
  unexpectedError: 'An unexpected error occurred',
  verificationFailed: 'Verification failed',
  resendCodeFailed: 'Failed to resend code',

  // Sign-in, sign-up, verification: successes
  codeSent: '6-digit code sent! Check your email.',
  signedIn: 'Successfully signed in!',
  accountCreated: 'Account created! Check your email for verification code.',
  emailVerified: 'Email verified successfully!',
  newCodeSent: 'New verification code sent!',

  // A code entered in another browser than the sign-up's (decision 0095): not in the spec.
  finishSignUpTitle: 'Finish signing up',
  finishSignUpElsewhere:
    "Your code was entered in a different browser from the one used to sign up, so the name, coupon and acceptance of the terms given at sign-up didn't come with it.",
  finishSignUpAsk: 'Choose the name other members see and accept the terms to open StackDays.',
  finishSignUpOpen: 'Open StackDays',
  signUpAlreadyFinished: 'Your sign-up is already finished.',

  // -------------------------------------------------------------------------
  // Coupons (member side)
  // -------------------------------------------------------------------------
  couponValidationError: 'Error validating coupon',
  couponNotFound: 'Coupon code not found',
  couponInactive: 'Coupon is no longer active',
  couponExpired: 'Coupon has expired',
  couponExhausted: 'Coupon has reached its usage limit',
  couponInvalid: 'Invalid coupon code',
  // /pricing, signed in: a coupon is redeemed only at sign-up (decision 0096).
  couponForNewAccounts:
    "Coupons are redeemed when a new account is created, so this code can't be used on the account you're signed in to.",
  // /pricing?invite=, signed in: a buddy invite's free time is granted only at sign-up (issue 41 review).
  inviteForNewAccounts:
    "Invites are for new accounts, so this invite's free time can't be added to the account you're signed in to.",

  // -------------------------------------------------------------------------
  // Invites
  // -------------------------------------------------------------------------
  inviteRateLimited: `You've reached the daily limit of ${INVITES_PER_DAY} invites. Please try again tomorrow.`,
  couldNotSendInvite: 'Could not send invite',
  sendInviteFailed: 'Failed to send invite',
  invalidInviteLink: 'Invalid invite link',
  couldNotValidateInvite: 'Could not validate invite',
  inviteSent: 'Invite sent successfully!',
  inviteWorkoutBuddies: 'Invite Workout Buddies',

  // -------------------------------------------------------------------------
  // Daily check-in and journal
  // -------------------------------------------------------------------------
  dayN: (n: number) => `Day ${n}`,
  // In place of the cycle's day wherever it is shown, while a new cycle waits for its Day 1 (0032).
  startsTomorrow: STARTS_TOMORROW,
  cycleDayLabel: (day: number, started: boolean) => (started ? `Day ${day}` : STARTS_TOMORROW),
  myDailyConsistencyJournal: 'My Daily Consistency Journal',
  daysProgress: (n: number) => `${n}/${CYCLE_LENGTH_DAYS} days`,
  todaysCheckin: "Today's Check-in",
  todaysCheckinComplete: "Today's Check-in Complete!",
  editTodaysCheckin: "Edit Today's Check-in",
  hydrationGoalLabel: 'Hydration goal hit (8+ glasses of water)',
  journalLabel: 'Journal',
  journalHelper:
    'Share how it went today. Markdown supported: bold, italic, headings, lists, links, emoji.',
  journalPlaceholder: 'Wins, struggles, energy, soreness, mindset…',
  journalCounter: (length: number, max: number = JOURNAL_MAX_LENGTH) =>
    `${formatNumber(length)}/${formatNumber(max)}`,
  enterLinkUrl: 'Enter link URL:',
  linkTextDefault: 'link text',

  errorLoadingCycle: 'Error loading your cycle',
  errorCompletingCheckin: 'Error completing check-in',
  errorUpdatingCheckin: 'Error updating check-in',
  uploadMediaFailed: (n: number, detail: string) => `Failed to upload media ${n}: ${detail}`,
  saveMediaFailed: (n: number, detail: string) => `Error saving media ${n}: ${detail}`,
  saveUpdateFailed: 'Failed to save update',
  addTextOrMedia: 'Please add some text or media',
  signInToAddUpdates: 'Please sign in to add updates',

  checkinCompleted: 'Check-in completed!',
  checkinUpdated: 'Check-in updated successfully!',
  updateAdded: 'Update added successfully!',
  badgeEarned: 'Badge earned',
  badgeReason: (n: number) => `Completed ${n} consecutive check-ins`,

  // -------------------------------------------------------------------------
  // Community feed
  // -------------------------------------------------------------------------
  communityFeed: 'Community Feed',
  refresh: 'Refresh',
  myBuddies: 'My Buddies',
  community: 'Community',
  recentPosts: (n: number) => plural(n, '1 recent post', `${n} recent posts`),
  emptyFeed: 'No posts yet. Be the first to share your progress!',
  dayNOf90: (n: number) => `Day ${n} of ${CYCLE_LENGTH_DAYS}`,
  viewUpdates: (n: number) => plural(n, 'View 1 update', `View ${n} updates`),
  hideUpdates: (n: number) => plural(n, 'Hide 1 update', `Hide ${n} updates`),
  viewAllComments: (n: number) => `View all ${formatNumber(n)} comments`,
  errorLoadingFeed: 'Error loading feed',
  errorUpdatingLike: 'Error updating like',
  errorAddingReaction: 'Error adding reaction',
  reactionAdded: 'Reaction added!',

  // -------------------------------------------------------------------------
  // Profile, health, settings
  // -------------------------------------------------------------------------
  yourBadges: 'Your Badges',
  healthIntakeTitle: 'Day-1 Health Intake',
  errorLoadingProfile: 'Error loading profile',
  errorSavingHealthProfile: 'Error saving health profile',
  errorLoadingHealthData: 'Error loading health data',
  errorUpdatingProfile: 'Error updating profile',
  errorUpdatingHealthProfile: 'Error updating health profile',
  uploadAvatarFailed: (detail: string) => `Error uploading avatar: ${detail}`,
  selectImageFile: 'Please select an image file',
  avatarTooLarge: 'File size must be less than 5MB',
  errorLoadingSettings: 'Error loading settings',
  errorUpdatingSettings: 'Error updating settings',
  errorUpdatingMarketing: 'Error updating marketing preferences',

  profileUpdated: 'Profile updated successfully!',
  avatarUpdated: 'Avatar updated successfully!',
  healthProfileCreated: 'Health profile created successfully!',
  settingsUpdated: 'Settings updated successfully!',
  marketingEmailsEnabled: 'Marketing emails enabled',
  marketingEmailsDisabled: 'Marketing emails disabled',
  signedOut: 'Signed out successfully',

  // -------------------------------------------------------------------------
  // Subscription and billing
  // -------------------------------------------------------------------------
  startYourFreeTrial: 'Start Your Free Trial',
  trialDaysLeft: (n: number) =>
    plural(n, '1 day left in your trial', `${n} days left in your trial`),
  errorLoadingSubscription: 'Error loading subscription info',
  errorOpeningBillingPortal: 'Error opening billing portal',
  errorChangingPlan: 'Error changing plan',
  errorWithSubscription: 'Error with subscription',
  errorStartingTrial: 'Error starting trial',
  pleaseSignInFirst: 'Please sign in first',
  planUpdated: 'Plan updated successfully!',
  // Not in the spec (decision 0018)
  paymentsNotConfigured:
    'Payments are not configured on this server. Start with the free trial: no card needed.',
  trialWithoutCardHere:
    'Payments are not configured on this server, so the trial starts without a card.',
  cardAtCheckout: "Your card is taken at checkout. You won't be charged until the trial ends.",
  noSubscriptionToChange: 'You have no subscription to change yet. Choose a plan to start one.',
  alreadySubscribedPaid: 'You already have a paid subscription. Choose a plan to change it.',
  compOnPaidSubscription:
    'This member pays through Stripe. Cancel that subscription before giving free months.',
  freeForLife: 'Free for life',
  currentPlan: (plan: string) => `Current plan: ${plan}`,
  invalidWebhook: 'Invalid webhook signature.',
  subscriptionRequired: 'Your subscription is not active. Choose a plan to keep going.',
  choosePlanLater: 'Choose a plan from Settings whenever you like. Free days you have carry over.',
  trialStartsAtCheckout: 'Start your trial from the Start Your Free Trial screen.',
  // Decision 0034: without Stripe, what happens when free time ends; comps; back from Checkout.
  noPaymentsHere: 'This server takes no payments, so there is no plan to buy here.',
  freeTimeEndsHere: 'When your free time ends, your access ends with it.',
  freeTimeEnded: (date: string) => `Your free time ended on ${date}.`,
  askForAccessAt: 'To keep going, ask for more time:',
  /** The same next step as one sentence (API refusals, e-mails). */
  askForAccess,
  noPaymentsAskForAccess: (contact: string | null) =>
    `This server takes no payments. ${askForAccess(contact)}`,
  trialUsedAskForAccess: (contact: string | null) =>
    `Your free trial has already been used. This server takes no payments. ${askForAccess(contact)}`,
  freeUntil: (date: string) => `Free until ${date}`,
  checkoutActivating:
    'Checkout complete. Your plan is being activated; this page updates by itself.',
  checkoutConfirmed: 'Your plan is active.',
  checkoutCanceled: 'Checkout canceled. Nothing was charged.',
  accessEnded: 'Access ended',
  giveFreeTime: 'Give',
  freeTimeGiven: 'Free time given.',
  errorGivingFreeTime: 'Error giving free time',

  // -------------------------------------------------------------------------
  // My Cycle
  // -------------------------------------------------------------------------
  resetCycleFailed: 'Failed to reset cycle',
  cycleReset: 'Cycle reset successfully! Starting fresh from Day 1.',

  // -------------------------------------------------------------------------
  // AI workouts
  // -------------------------------------------------------------------------
  yourPreferences: 'Your Preferences',
  generateWorkouts: 'Generate my workouts for this week',
  generating: 'Generating…',
  yourWeeklyPlans: 'Your Weekly Plans',
  workoutWeekRow: (n: number, generatedOn: string) => `Week ${n} — ${generatedOn}`,
  noWorkoutPlans: 'No plans yet. Generate your first week above.',
  authRequired: 'Authentication required',
  signInToGenerateWorkouts: 'Please sign in to generate workouts.',
  generationFailed: 'Generation failed',
  generateWorkoutFailed: 'Failed to generate workout plan',
  workoutPlanGenerated: 'Workout plan generated!',
  workoutWeekCreated: (n: number) => `Week ${n} has been created for you.`,

  // -------------------------------------------------------------------------
  // Admin: users
  // -------------------------------------------------------------------------
  noName: 'No name',
  notAvailable: 'N/A',
  fetchUsersFailed: 'Failed to fetch users',
  createUserFailed: 'Failed to create user',
  updateAdminStatusFailed: 'Failed to update admin status',
  resendInvitationFailed: 'Failed to resend invitation',
  deleteUserFailed: 'Failed to delete user',
  userCreated: 'User created successfully',
  adminStatusGranted: 'Admin status granted',
  adminStatusRevoked: 'Admin status revoked',
  invitationSent: 'Invitation email sent successfully',
  userDeleted: 'User deleted successfully',
  cycleResetFor: (name?: string | null) => `Cycle reset for ${name?.trim() || 'user'}`,
  // The reset toast's second line when the member had checked in today (decision 0032).
  cycleResetStartsTomorrow: (name?: string | null) =>
    `${STARTS_TOMORROW}: ${name?.trim() || 'the member'} checked in today, and that check-in counts for the previous cycle.`,

  // Admin: subscriptions
  fetchSubscriptionsFailed: 'Failed to fetch subscriptions',

  // Admin: notifications
  noNotifications: 'No notifications found',
  triggerDailyReminders: 'Trigger Daily Reminders',
  sending: 'Sending...',
  errorLoadingNotificationLogs: 'Error loading notification logs',
  errorTriggeringReminders: 'Error triggering daily reminders',
  remindersTriggered: 'Daily reminders triggered successfully',
  remindersOutcome: (sent: number, later: number) =>
    `${plural(sent, '1 reminder went out', `${sent} reminders went out`)} now; ${plural(
      later,
      '1 member is due later today at their own hour',
      `${later} members are due later today at their own hour`,
    )}.`,

  // Admin: posts
  noCaption: 'No caption',
  postHiddenLabel: 'Hidden',
  postVisibleLabel: 'Visible',
  fetchPostsFailed: 'Failed to fetch posts',
  updatePostFailed: 'Failed to update post',
  deletePostFailed: 'Failed to delete post',
  postHidden: 'Post hidden',
  postUnhidden: 'Post unhidden',
  postDeleted: 'Post deleted successfully',
  postNotFound: 'This post is no longer there: it was deleted.',
  searchPosts: 'Search by author or words',
  searchReports: 'Search by member or words',
  showingOnePost: 'Showing the reported post only.',
  showAllPosts: 'Show all posts',
  loadMore: 'Load more',
  noMatches: 'Nothing matches this search.',

  // Admin: reports
  noReasonProvided: 'No reason provided',
  unknownReporter: 'Unknown',
  markResolved: 'Mark Resolved',
  fetchReportsFailed: 'Failed to fetch reports',
  updateReportFailed: 'Failed to update report',
  reportResolved: 'Report marked as resolved',

  // Admin: badges
  createBadge: 'Create Badge',
  awardBadge: 'Award Badge',
  editBadge: 'Edit Badge',
  recommendedBadgeSize: 'Recommended Size: 512x512 pixels',
  fetchBadgesFailed: 'Failed to fetch badges',
  uploadImageFailed: 'Failed to upload image',
  createBadgeFailed: 'Failed to create badge',
  updateBadgeFailed: 'Failed to update badge',
  deleteBadgeFailed: 'Failed to delete badge',
  awardBadgeFailed: 'Failed to award badge',
  badgeCreated: 'Badge created successfully',
  badgeUpdated: 'Badge updated successfully',
  badgeDeleted: 'Badge deleted successfully',
  badgeAwarded: 'Badge awarded successfully',
  badgeAlreadyHeld: (member: string | null, badge: string) =>
    `${member?.trim() || 'This member'} already has the ${badge} badge. Nothing changed.`,
  badgeImageUpdated: 'Badge image updated successfully',

  // Admin: coupons
  couponsTotal: (n: number) => plural(n, '1 coupon total', `${n} coupons total`),
  noCoupons: 'No coupons created yet. Create your first coupon above.',
  couponCodeRequired: 'Coupon code is required',
  loadCouponsFailed: 'Failed to load coupons',
  saveCouponFailed: 'Failed to save coupon',
  couponCodeExists: 'A coupon with this code already exists',
  updateCouponFailed: 'Failed to update coupon',
  deleteCouponFailed: 'Failed to delete coupon',
  couponCreated: 'Coupon created!',
  couponUpdated: 'Coupon updated!',
  couponActivated: 'Coupon activated',
  couponDeactivated: 'Coupon deactivated',
  couponDeleted: 'Coupon deleted',

  // -------------------------------------------------------------------------
  // Buttons, tabs and headings the spec names (unquoted there)
  // -------------------------------------------------------------------------
  adminPanel: 'Admin Panel',
  signOut: 'Sign out',
  edit: 'Edit',
  addUpdate: 'Add Update',
  manageBilling: 'Manage Billing',
  startNewCycle: 'Start New Cycle',
  consistencyLeaderboard: 'Consistency Leaderboard',
  longestStreaks: 'Longest Streaks',
  profileTab: 'Profile',
  healthTab: 'Health',
  settingsTab: 'Settings',
  adminRole: 'Admin',
  userRole: 'User',
  grantAdmin: 'Grant admin',
  revokeAdmin: 'Revoke admin',
  addUser: 'Add User',
  activate: 'Activate',
  deactivate: 'Deactivate',

  // =========================================================================
  // Not in the spec: sentences the server and forms need that the spec does
  // not name. Same voice: short, plain, on the member's side.
  // =========================================================================
  pushNotOnThisDevice: 'Push nudges are on for your account, but not on this device yet.',
  turnOnPushHere: 'Turn on push here',
  trialNoCard: 'No card needed to start.',
  trialCardAtCheckout: "Add a card at checkout. You won't be charged during the trial.",
  /** A refusal that gives the wait: short waits stay vague, long ones are said. */
  tooManyAttempts: (seconds: number) =>
    seconds < 60
      ? 'Too many attempts. Please wait a moment and try again.'
      : `Too many attempts. Please try again in ${waitTime(seconds)}.`,
  waitBeforeNewCode: (seconds: number) =>
    `Please wait ${waitTime(seconds)} before asking for a new code.`,
  codeEntryPaused: (seconds: number) =>
    `Too many wrong codes for this account. Please try again in ${waitTime(seconds)}.`,
  invalidCursor: 'That page of the feed is no longer available. Refresh to start again.',
  mediaPositionTaken: 'That file is already attached. Refresh and try again.',
  trialAlreadyUsed: 'Your free trial has already been used.',
  resendIn: (seconds: number) => `Resend code in ${seconds}s`,
  forbidden: "You don't have access to this.",
  notFound: "We couldn't find that.",
  reviewNotOpenYet: 'This week is not over yet: its review opens the morning after its last day.',
  reviewAlreadyShared: 'You already shared this week.',
  reviewPhotoNotInWeek: 'Pick photos from this week only.',
  reviewShared: 'Your week is shared.',
  reviewShareFailed: 'Your week could not be shared. Please try again.',
  errorLoadingReview: 'Error loading your review',
  noReviewYet:
    'Your first weekly review opens the day after Day 7. Check in each day and watch the week add up.',
  validation: 'Please check the highlighted fields.',
  adminInviteInvalid: 'This invitation link is not valid. Ask your administrator for a new one.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: 'That email address is too long.',
  emailTaken: 'An account with this email already exists. Try signing in.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordHint: `Use at least ${PASSWORD_MIN_LENGTH} characters. Mixing uppercase, lowercase, numbers and symbols makes it stronger.`,
  passwordStrengthTooShort: 'Too short',
  passwordStrengthWeak: 'Weak',
  passwordStrengthFair: 'Fair',
  passwordStrengthGood: 'Good',
  passwordStrengthStrong: 'Strong',
  displayNameTooLong: `Display name can be up to ${DISPLAY_NAME_MAX} characters.`,
  nameTooLong: 'That name is too long.',
  codeFormat: `Enter the ${CODE_LENGTH}-digit code from your email.`,
  couponCodeTooLong: 'That coupon code is too long.',
  couponMonthsRange: `Months free must be between ${COUPON_MONTHS_MIN} and ${COUPON_MONTHS_MAX}.`,
  couponMaxRedemptionsInvalid: 'Max redemptions must be a whole number of 1 or more.',
  invalidDate: 'Please enter a valid date.',
  invalidTimeZone: 'Please choose a valid time zone.',
  checkinEditWindowClosed: 'This check-in can no longer be edited.',
  alreadyCheckedInToday: "You've already checked in today. Add an update instead.",
  numberNotNegative: 'Please enter 0 or more.',
  moveMinutesTooHigh: `A day has ${MOVE_MINUTES_MAX} minutes. Please check your move minutes.`,
  stepsTooHigh: 'That step count looks too high. Please check it.',
  journalTooLong: `Journal entries can be up to ${JOURNAL_MAX_LENGTH} characters.`,
  updateTooLong: `Updates can be up to ${JOURNAL_MAX_LENGTH} characters.`,
  tooManyCheckinMedia: `You can add up to ${MAX_MEDIA_PER_CHECKIN} photos or videos.`,
  tooManyUpdateMedia: `You can add up to ${MAX_MEDIA_PER_UPDATE} photos or videos to an update.`,
  unsupportedFileType: 'Please choose an image or video file.',
  fileTooLarge: (limit: string) => `That file is too large. The limit is ${limit}.`,
  videoUnreadable: "We couldn't read that video. Please choose an MP4, MOV or WebM file.",
  imageTooManyPixels: `That photo is too big to process. Please choose one under ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  storageQuotaReached: `You've used your ${MEDIA_STORAGE_QUOTA_BYTES / 1024 ** 3} GB of space for proof photos and videos, so this one can't be added.`,
  commentEmpty: 'Please write a comment first.',
  commentTooLong: `Comments can be up to ${COMMENT_MAX_LENGTH} characters.`,
  alreadyReported: "You've already reported this post. Thanks for letting us know.",
  reportReasonRequired: 'Please tell us what is wrong with this post.',
  reportReasonTooLong: `Please keep the reason under ${REPORT_REASON_MAX} characters.`,
  reportSent: "Thanks. We'll take a look.",
  unknownReaction: "That reaction isn't available.",
  postNotAvailable: 'This post is no longer available.',
  commentRateLimited: (seconds: number) =>
    `You're commenting very fast. Please try again in ${waitTime(seconds)}.`,
  updateRateLimited: (seconds: number) =>
    `You've added a lot of updates. Please try again in ${waitTime(seconds)}.`,
  cycleCompleteNoCheckin: 'Your 90-day cycle is complete. Start a new cycle to keep checking in.',
  cycleCompleteTitle: 'Cycle complete',
  // Start New Cycle on a day already checked in (decision 0032)
  cycleStartsTomorrow: (date: string) =>
    `Your new cycle starts tomorrow, ${date}. Today's check-in counts for your previous cycle.`,
  checkinBeforeCycleStart: 'Your new cycle starts tomorrow. Check in then for Day 1.',
  cycleCompleteSummary: `Your ${CYCLE_LENGTH_DAYS}-day cycle has ended. Your check-ins stay in your history. Start a new cycle to begin again at Day 1.`,
  updateMediaAllFailed:
    "Your update wasn't saved: none of its photos or videos could be uploaded. Please try again.",
  textHasNullCharacter:
    'Your text contains an invisible null character. Please remove it and try again.',
  textHasControlCharacter:
    'Please keep this to one line: line breaks, tabs and other invisible control characters are not allowed.',
  checkinEditEmpty: 'Nothing to save: the edit did not change any field.',
  birthYearRange: (maxYear: number) =>
    `Birth year must be between ${BIRTH_YEAR_MIN} and ${maxYear}.`,
  heightRange: 'Please check your height.',
  weightRange: 'Please check your weight.',
  weightSharingNote:
    'On: your weight change since Day 1 shows on your posts. Off: only you see it, on My Cycle and your own posts.',
  ageInvalid: 'Please enter your age in years.',
  badgeNameRequired: 'Please give the badge a name.',
  badgeCodeRequired: 'Please give the badge a code.',
  badgeCodeFormat: 'Use lowercase letters, numbers and underscores for the badge code.',
  badgeRequired: 'Please choose a badge.',
  userRequired: 'Please choose a member.',
  textTooLong: 'That text is too long.',
  invalidReminderHour: 'Please choose a reminder time from the list.',
  invalidOption: 'Please choose an option from the list.',
  cannotRevokeSelf: 'You cannot revoke your own admin status.',
  lastAdmin: 'The last admin cannot be removed. Make someone else an admin first.',
  cannotDeleteSelf: 'You cannot delete your own account here. Use Settings instead.',
  noInvitationPending: 'This person has already set a password: there is no invitation to resend.',
  badgeCodeExists: 'A badge with this code already exists.',
  noUsersFound: 'No users found.',
  badgeImageHint: 'A square PNG with a transparent background works best.',
  noPostsFound: 'No posts yet.',
  noReportsFound: 'No reports. All clear.',
  noBadgesFound: 'No badges yet. Create the first one above.',
  noSubscriptionsFound: 'No subscriptions yet.',
  noAuditEvents: 'No admin changes recorded yet.',
  invalidPlan: 'Please choose a plan.',
  wholeNumber: 'Please enter a whole number.',
  startNewCycleConfirm:
    'This ends your current cycle and starts again from Day 1. Your previous check-ins are kept.',
  resetUserCycleConfirm: (name?: string | null) =>
    `Reset the cycle for ${name?.trim() || 'this user'}? They start a new 90-day journey from Day 1. Previous data is kept.`,
  deletePostConfirm:
    'Delete this post? Its media and comments are removed too. This cannot be undone.',
  deleteUserConfirm: (name?: string | null) =>
    `Delete ${name?.trim() || 'this user'}? This cannot be undone.`,
  deleteCouponConfirm: (code: string) => `Delete coupon ${code}? This cannot be undone.`,
  deleteBadgeConfirm: (name: string) => `Delete the ${name} badge? This cannot be undone.`,
  workoutPlansSaved: 'Your preferences and plans are saved to your account.',
  workoutNotesPlaceholder: 'Injuries, time limits or anything else we should plan around',
  workoutNotesTooLong: 'Please shorten your notes.',
  workoutGenerationLimited: (seconds: number) =>
    `You have generated several plans recently. Please try again in ${waitTime(seconds)}.`,
  printPlan: 'Print plan',
  /** Written into a plan the built-in planner made because the AI endpoint gave none. */
  workoutAiFallback: (reason: 'timeout' | 'failed' | 'malformed' | 'busy') =>
    `${
      {
        timeout: 'The AI coach did not answer in time',
        failed: 'The AI coach could not be reached',
        malformed: 'The AI coach gave an answer we could not use',
        busy: 'The AI coach is busy right now',
      }[reason]
    }, so the built-in planner made this week's plan.`,
  couponApplied: (months: number, days: number) =>
    `${plural(months, '1 free month', `${months} free months`)} (${days} days free)`,
  freeMonthsWelcome: (days: number) =>
    `Your first ${days} days are on us. No card needed. Day 1 starts when you do.`,
  // Feed, My Cycle and Community screens
  commentDeleted: 'Comment deleted.',
  noCommentsYet: 'No comments yet. Be the first to cheer them on.',
  feedAllCaughtUp: "You're all caught up.",
  insightExcellent: (score: number) =>
    `${score}% consistency. This is what showing up looks like. Keep stacking days.`,
  insightGood: (score: number) =>
    `${score}% consistency. Solid work. A few more check-ins in a row and you're in the top tier.`,
  insightWarning: (score: number) =>
    `${score}% consistency. No need to be perfect. Check in today and start a new streak.`,
  // The same nudge when today takes no check-in (decisions 0014, 0032): never "check in today".
  insightWarningCheckedIn: (score: number) =>
    `${score}% consistency. No need to be perfect. Today is in: come back tomorrow and keep it going.`,
  insightWarningComplete: (score: number) =>
    `${score}% consistency over your ${CYCLE_LENGTH_DAYS} days. Start a new cycle to keep stacking days.`,
  emptyLeaderboard: 'No one is on the board yet. Check in today to claim the first spot.',
  emptyStreaks: 'No streaks running yet. Check in today and yours starts at 1.',
  emptyBuddyFeed:
    'No buddy posts in the last 2 days. Invite a workout buddy and their check-ins show up here.',
  codeAlreadySent: 'We sent you a code a moment ago. Check your email.',
  // The sign-in code step reads the same whether or not the address has an account (decision 0005).
  noCodeYet: 'No code after a minute? Check the address, or',
  noCodeYetLink: 'create an account',
  // Profile, health intake, settings, data export and account deletion (decisions 0053, 0074, 0075)
  healthProfileUpdated: 'Health profile updated.',
  healthIntakeIntro:
    'A few numbers now make your progress easier to see later. Skip it if you like: you can fill it in any time under Profile, Health.',
  healthDisclaimer:
    'StackDays is a habit programme, not medical advice. Check with a doctor before you start a new exercise or eating plan.',
  skipForNow: 'Skip for now',
  avatarRemoved: 'Avatar removed.',
  noBadgesYet: 'No badges yet. Check in 7 days in a row to earn your first one.',
  // One time zone per member (decision 0033)
  timeZoneCountsDay: 'Your day, your check-in, your reminders and every time you see follow it.',
  changeTimeZoneInSettings: 'Change it in Settings',
  timeZoneHelp: 'Your day turns over at midnight here. Reminders and every time you see follow it.',
  dayCountedIn: (zone: string) => `Your day runs on ${zone}.`,
  timeZonePending: (zone: string) =>
    `Your days switch to ${zone} as soon as its date matches your current one (within a day), so today's check-in stays today's.`,
  avatarRateLimited: (seconds: number) =>
    `You've changed your picture a lot. Please try again in ${waitTime(seconds)}.`,
  collageRateLimited: (seconds: number) =>
    `You've shared a lot of collages. Please try again in ${waitTime(seconds)}.`,
  exportRateLimited: (seconds: number) =>
    `You've downloaded your data a few times already. Please try again in ${waitTime(seconds)}.`,
  exportLinkExpired: 'This download link has expired. Start the download again from Settings.',
  downloadMyData: 'Download my data',
  downloadMyDataHint:
    'One ZIP file: your profile, settings and check-ins as JSON, a CSV with one row per check-in day, and your original photos and videos.',
  downloadStarted: 'Your download has started.',
  downloadFailed: "We couldn't prepare your download. Please try again.",
  deleteMyAccount: 'Delete my account',
  deleteAccountWarning:
    'This removes your account, profile, check-ins, posts, comments, likes, reactions, photos and videos for good, and signs you out everywhere. Comments others left on your posts go too. This cannot be undone.',
  deleteAccountTypeToConfirm: `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm.`,
  deleteAccountConfirmMismatch: `Please type ${ACCOUNT_DELETE_CONFIRMATION} to confirm.`,
  accountDeleted: 'Your account has been deleted.',
  deleteAccountFailed: "We couldn't delete your account. Please try again.",
  cancelSubscriptionFailed:
    "We couldn't cancel your subscription, so nothing was deleted. Please try again in a few minutes.",
  // Push nudges (decision 0020)
  pushNotSupported:
    "This browser can't show push nudges. Try another browser, or add StackDays to your home screen first.",
  pushPermissionDenied:
    'Notifications are blocked for StackDays in this browser. Allow them in the site settings, then turn push nudges on again.',
  pushSubscribeFailed: "We couldn't turn on push nudges on this device. Please try again.",
  pushEndpointRefused: 'This push service is not supported.',
  // Offline check-in and the installable app (decision 0023)
  checkinWaitingTitle: 'Saved on this phone. Waiting to send.',
  checkinWaitingBody:
    "You're offline. Your check-in is safe on this device and sends itself the moment you're back online. No need to tap again.",
  checkinWaitingSending: 'Back online. Sending your check-in…',
  checkinQueuedOffline:
    "You're offline: check-in saved on this phone. It sends when you're back online.",
  checkinQueuedSent: 'Your saved check-in is in. Day stacked!',
  checkinQueuedFailed: (reason: string) => `Your saved check-in couldn't be sent: ${reason}`,
  checkinQueuedTooOld: `This check-in waited too long to send. A day can be sent until ${OFFLINE_CHECKIN_MAX_AGE_HOURS} hours after it was made.`,
  checkinQueuedBeforeCycle:
    'This check-in was made before your current cycle started, so it was not added.',
  checkinMadeAtInvalid: 'The time this check-in was made is not valid.',
  feedOfflineNotice: "You're offline. This is the feed as you last saw it.",
  idempotencyKeyInvalid: `The Idempotency-Key header must be 8 to ${IDEMPOTENCY_KEY_MAX_LENGTH} letters, digits or _ - : .`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  // HTTP limits (decision 0012)
  requestTooLarge: 'The request is too large.',
  storageUnavailable:
    'Your file could not be saved right now: the file store is not answering. Nothing was kept; try again in a minute.',
  storageFull:
    'Your file could not be saved: the server is out of space for files. Nothing was kept; please tell the people who run this StackDays.',
  serviceUnavailable:
    'StackDays is having a moment and could not finish that. Nothing was lost: try again in a few seconds.',
  unknownHost:
    'This server does not answer for that address. Open it at its PUBLIC_URL, or list the name in ALLOWED_HOSTS.',
  // Metrics (decision 0079)
  metricsForbidden:
    'Metrics are only for your monitoring: send METRICS_TOKEN as a bearer token, or ask from this machine.',
  // Connections (issue 29; decisions 0044 and 0045)
  apiTokenNameRequired: 'Give the connection a name, like "iPhone Shortcut".',
  apiTokenNameTooLong: `A connection name can be at most ${API_TOKEN_NAME_MAX} characters.`,
  apiTokenScopesRequired: 'Choose what the connection may do.',
  apiTokenLimit: `You can have at most ${API_TOKENS_MAX} connections. Revoke one you no longer use first.`,
  apiTokenMissing: 'Send your connection token as "Authorization: Bearer <token>".',
  apiTokenInvalid: 'This connection token is not valid. It may have been revoked.',
  apiTokenScopeMissing: (scope: string) =>
    `This connection token may not do that. It needs the "${scope}" permission.`,
  apiRateLimited: (seconds: number) =>
    `Too many requests from this connection. Try again in ${waitTime(seconds)}.`,
  apiNotFound: 'There is no such operation in the StackDays API.',
  activitySourceRequired: 'Say where the numbers come from, like "Apple Health".',
  activitySourceTooLong: `The source can be at most ${ACTIVITY_SOURCE_MAX} characters.`,
  activityNotANumber: 'Send steps and move minutes as numbers.',
  activityDayEnded:
    'That day has ended in your StackDays time zone, so its numbers can no longer change.',
  activityDayNotStarted: 'That day has not started yet in your StackDays time zone.',
  activityDateInvalid: 'The date must look like 2026-11-25.',
  connectionFrom: (source: string, time: string) => `from ${source}, ${time}`,
  activityFromLead: 'Steps and minutes',
  activityFilledInLead: 'Filled in',
  activityFilledInHint: 'Change them if they are off.',
  connectionCreated: 'Connection created. Copy the token now: it is shown only this once.',
  connectionRevoked: 'Connection revoked. Its token stopped working.',
  connectionRevokeTitle: (name: string) => `Revoke ${name}?`,
  connectionRevokeConfirm:
    'Its token stops working at once, so the automation that uses it can no longer send your numbers. You can make a new connection any time.',
  connectionRevoke: 'Revoke',
  // Phone bridges (issue 45; decisions 0106-0108)
  bridgeUnreadable: (path: string, problem: string) =>
    `StackDays could not read this delivery at ${path}: ${problem}`,
  bridgeNotANumber: 'expected a number.',
  bridgeExpected: (what: string) =>
    `expected ${what === 'array' ? 'a list' : what === 'object' ? 'an object' : `a ${what}`}.`,
  bridgeNotADate: 'expected a date and time.',
  bridgeAmountTooLarge: `expected a number from 0 to ${formatNumber(BRIDGE_SAMPLE_AMOUNT_MAX)}.`,
  bridgeUnknownUnit: (units: string) => `the unit "${units}" is not one StackDays reads.`,
  bridgeTooManySamples: `a delivery may carry at most ${formatNumber(BRIDGE_SAMPLES_MAX)} samples of steps, minutes, water and protein.`,
  bridgeAppHeading: 'Use an app you already have',
  bridgeAppLead:
    "These apps send your phone's health data to an address. Paste this one and the header below, and your steps, move minutes, water and protein arrive by themselves.",
  bridgeKeptAndDropped:
    'StackDays keeps only steps, move minutes, water and protein, and only for today. Everything else the app sends (heart rate, sleep, weight and body measurements, location and workout routes, calories) is dropped unread: never stored, never logged.',
  bridgeSizeHint: `A delivery can be up to ${BRIDGE_MAX_BYTES / 1024 / 1024} MB. If the app says it is too large, switch off workout routes and heart rate in the app: StackDays does not use them.`,
  bridgeLastDelivery: (time: string) => `Last delivery: ${time}`,
  bridgeNoDelivery: 'Nothing received yet.',
  bridgeHeaderLabel: 'Header to paste',
  bridgeUrlLabel: 'Address to paste',
  bridgeTokenPlaceholder:
    'Make a connection above and its token takes the place of YOUR_TOKEN here (it is shown only once).',
  syncLogHeading: 'Sync log',
  syncLogEmpty: `No deliveries in the last ${SYNC_LOG_RETENTION_DAYS} days.`,
  syncLogLead: `The last ${SYNC_LOG_SIZE} deliveries from your apps, kept ${SYNC_LOG_RETENTION_DAYS} days.`,
  syncUsed: (what: string) => `Used: ${what}`,
  syncNothingNew: 'Used: nothing new (these samples had already arrived).',
  syncSkippedDayClosed: (count: number) =>
    `Skipped ${count} ${count === 1 ? 'sample' : 'samples'}: day closed`,
  syncSkippedNotStarted: (count: number) =>
    `Skipped ${count} ${count === 1 ? 'sample' : 'samples'}: day not started`,
  syncNothingKept: 'Skipped: no steps, minutes, water or protein in it',
  syncTestReceived: 'Test received. Nothing changed.',
  syncRefused: (why: string) => `Refused: ${why}`,
  fuelTargetsHeading: 'Fuel targets',
  fuelTargetsLead:
    "When an app sends your protein or water and it meets a target, today's Protein or Hydration box starts ticked. You still send the check-in.",
  fuelTargetsSaved: 'Fuel targets saved.',
  proteinTargetInvalid: `Enter protein as grams, from ${PROTEIN_TARGET_MIN_G} to ${PROTEIN_TARGET_MAX_G}, or leave it empty.`,
  waterTargetInvalid:
    'Enter water between 0.1 and 10 litres (about 1 to 42 cups), or leave it empty.',
  fuelFrom: (source: string) => `from ${source}`,
  bridgeHeaderName: 'Header name: Authorization.',
  bridgePlatform: { 'health-auto-export': 'iPhone', 'health-connect': 'Android' },
  bridgeSteps: {
    'health-auto-export': [
      'In Health Auto Export, open Automations, tap New Automation and choose REST API.',
      'Paste the address into URL.',
      'Under Headers, add one named Authorization with the value above.',
      'Set Export Format to JSON, Data Type to Health Metrics, and pick Step Count, Apple Exercise Time, Dietary Water and Protein.',
      'Set Period to Today, turn the automation on, and run it once to see it in your sync log.',
    ],
    'health-connect': [
      'In Health Connect to Webhook, allow Steps, Exercise, Hydration and Nutrition. Leave the other types off.',
      'Add a webhook and paste the address as its URL.',
      'Add a header named Authorization with the value above.',
      'Choose how often it syncs, then sync once (or send a test) to see it in your sync log.',
    ],
  },
  syncLogUsedSteps: (steps: string) => `${steps} steps`,
  syncLogUsedMinutes: (minutes: string) => `${minutes} move minutes`,
  syncLogUsedWater: (amount: string) => `${amount} water`,
  syncLogUsedProtein: (grams: string) => `${grams} g protein`,
  fuelTargetProteinLabel: 'Protein per day (g)',
  fuelTargetWaterLabel: (unit: string) => `Water per day (${unit})`,
  fuelTargetEmptyHint: 'Leave a box empty for no target.',
  fuelTargetsSave: 'Save targets',
  // Crews and post audiences (issue 30)
  crews: 'Crews',
  crewNameRequired: 'Give your crew a name.',
  crewNameTooLong: `A crew name is at most ${CREW_NAME_MAX} characters.`,
  crewNotFound: 'This crew does not exist, or you are not in it.',
  crewOwnerOnly: 'Only the crew owner can do that.',
  crewFull: `This crew is full: a crew has at most ${CREW_MAX_MEMBERS} members.`,
  crewTooManyCrews: `You are already in ${CREWS_PER_MEMBER} crews, the most one member can be in. Leave one to join another.`,
  crewAlreadyMember: 'You are already in this crew.',
  crewCreated: (name: string) => `${name} is ready. Invite your people!`,
  crewJoined: (name: string) => `Welcome to ${name}!`,
  crewRenamed: 'Crew renamed.',
  crewClosedByYou: 'Crew closed.',
  crewLeft: 'You left the crew.',
  crewInviteCopied: 'Invite link copied.',
  crewClosed: 'This crew has been closed by its owner, so it takes no new members.',
  crewLinkDead:
    'This invite link no longer works: it expired or the owner made a new one. Ask a crew member for a fresh link.',
  crewNotAMember: 'That person is not in this crew.',
  crewCannotNudgeSelf: 'You cannot nudge yourself. Check in instead!',
  crewNudgeAlreadyCheckedIn: (name: string) => `${name} has already checked in today.`,
  crewNudgeNoCheckinToday: (name: string) =>
    `${name} has no check-in to make today, so no nudge was sent.`,
  crewBoardCheckedIn: 'Checked in today',
  crewBoardOpen: 'Not yet today',
  crewBoardCycleComplete: 'Cycle complete',
  // The day label says the cycle starts tomorrow (cycleDayLabel); today has nothing to log.
  crewBoardStartsLater: 'Nothing to log today',
  // Forgiving streaks (issue 43, decisions 0098 and 0099)
  crewBoardPaused: 'Paused today',
  strictTag: 'Strict',
  strictTagLabel: 'Strict mode: any missed day restarts the streak',
  streakModeHeading: 'Streak mode',
  streakModeForgiving: 'Forgiving',
  streakModeForgivingHint:
    'Rest days, one grace day a week and up to 7 paused days keep your streak.',
  streakModeStrict: 'Strict',
  streakModeStrictHint: 'Any missed day restarts your streak. No rest days, grace days or pauses.',
  streakModeChangeUntil: (date: string) => `You can change this until the end of ${date}.`,
  streakModeSaved: (strict: boolean) =>
    strict ? 'Strict mode on: any missed day restarts your streak.' : 'Forgiving mode on.',
  streakModeLocked: `A cycle's streak mode can change only in its first ${STREAK_MODE_CHOICE_DAYS} days.`,
  streakModeStrictPaused:
    'Strict cycles have no pauses: end or cancel your pause before choosing strict mode.',
  restDaysHeading: 'Rest days',
  restDaysLead: `Up to ${REST_DAYS_MAX} weekdays off each week. A rest day keeps your streak without adding to it, and checking in on one still counts. Changes apply from next Monday.`,
  restDaysStrictNote: 'Strict cycles have no rest days: yours apply to forgiving cycles.',
  restDaysTooMany: `Choose at most ${REST_DAYS_MAX} rest days.`,
  restDaysSaved: (from: string) => `Rest days saved. They apply from ${from}.`,
  restDaysNow: (days: string) => `This week: ${days}`,
  restDaysFrom: (from: string, days: string) => `From ${from}: ${days}`,
  restDaysNone: 'no rest days',
  weekdayNames: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },
  pauseMyCycle: 'Pause my cycle',
  pauseLead: `For illness or travel: up to ${PAUSE_DAYS_PER_CYCLE} days a cycle. Paused days keep your streak, are not days of your cycle, and move its last day later.`,
  pauseStart: 'Start date',
  pauseDays: 'Number of days',
  pauseDaysLeft: (n: number) =>
    plural(n, '1 paused day left in this cycle.', `${n} paused days left in this cycle.`),
  pauseSubmit: 'Pause',
  pausedUntil: (date: string) => `Paused until ${date}`,
  pausedLead: 'Your streak is safe. Day numbers go on when you come back.',
  pausePlanned: (from: string, until: string) => `Pause planned: ${from} to ${until}`,
  pauseResume: 'Resume now',
  pauseCancel: 'Cancel the pause',
  pauseSaved: (date: string) => `Paused until ${date}.`,
  pauseResumed: 'Welcome back: your cycle is running again.',
  pauseCancelled: 'Pause cancelled.',
  pauseBackdated: 'A pause can start today or later, never on a day that has passed.',
  pauseTooLong: (left: number) =>
    `A cycle has at most ${PAUSE_DAYS_PER_CYCLE} paused days; ${plural(left, '1 is', `${left} are`)} left in this one.`,
  pauseStrict: 'Strict cycles cannot pause: any missed day restarts the streak.',
  pauseOutsideCycle: 'A pause must start on a day of your cycle.',
  pauseCheckedInToday: "You've checked in today, so a pause can start tomorrow.",
  pauseOverlaps: 'You already have a pause on those days. End it first, or choose other days.',
  pauseNone: 'There is no pause to end.',
  pauseStartInvalid: 'Choose the date the pause starts.',
  pauseDaysInvalid: `Choose 1 to ${PAUSE_DAYS_PER_CYCLE} days.`,
  streakModeInvalid: 'Choose forgiving or strict.',
  restDaysInvalid: 'Choose weekdays from Monday to Sunday, each once.',
  checkinOnPausedDay: 'That day was paused, so it takes no check-in.',
  streakAtRisk: 'Streak at risk',
  streakSaveFailed: 'That could not be saved. Please try again.',
  restDaysSave: 'Save rest days',
  adminCycleColumn: 'Cycle',
  adminNoCycle: 'No cycle',
  adminCycleLine: (day: number, streak: number) => `Day ${day} · streak ${streak}`,
  adminCyclePaused: 'paused',
  adminCycleAtRisk: 'at risk',
  checkInToKeepStreak: 'Check in today to keep your streak',
  streakAtRiskLead: (date: string) =>
    `You missed ${date}. Check in today to keep your streak: one missed day a week is forgiven.`,
  reminderAtRiskPush: (streak: number) =>
    `Streak ${streak} at risk. Check in today to keep your streak.`,
  reminderAtRiskLead: (streak: number) =>
    `You missed a day, and your streak of ${plural(streak, '1 check-in', `${streak} check-ins`)} is at risk. Check in today to keep your streak: one missed day a week is forgiven.`,
  // My Cycle's calendar and the reviews: each mark has its own name, not colour alone.
  dayMarkLabels: {
    done: 'Checked in',
    missed: 'Missed',
    today: 'Today',
    upcoming: 'Upcoming',
    rest: 'Rest day',
    grace: 'Grace day, forgiven',
    paused: 'Paused',
  },
  dayMarkName: (day: number | null, date: string, mark: string) =>
    day === null
      ? `${date}, ${mark.toLowerCase()}`
      : `Day ${day}, ${mark.charAt(0).toLowerCase()}${mark.slice(1)}`,
  crewNudgeAlreadySent: (name: string) =>
    `You already nudged ${name} today. One nudge a day is plenty.`,
  // A refused nudge says nothing of the member's settings (issue 41).
  crewNudgeNotSent: (name: string) => `No nudge was sent to ${name} today.`,
  crewNudgeSent: (name: string) => `Nudge sent to ${name}.`,
  // What the nudged member reads, by e-mail (subject) and push (title): "Maya nudged you: Day 12 is waiting".
  crewNudgeTitle: (fromName: string, day: number | null) =>
    `${fromName} nudged you: ${day === null ? "Today's check-in is waiting" : `Day ${day} is waiting`}`,
  crewNudgeLead: (fromName: string, crewName: string) =>
    `${fromName} from ${crewName} is cheering you on. One small step counts: check in and stack today together.`,
  // Removal keeps a member out of the link that was live (decision 0094).
  crewRemovedFromLink:
    'The crew owner removed you from this crew, so this invite link no longer lets you in.',
  crewRemoveTitle: (name: string) => `Remove ${name}?`,
  crewRemoveWithLink: (name: string) =>
    `${name} leaves the crew, and posts they shared with it become theirs alone. They can't rejoin through the current invite link, so there is no need to make a new one. Anyone you give a new link to can join, ${name} included.`,
  crewRemoveWithoutLink: (name: string) =>
    `${name} leaves the crew, and posts they shared with it become theirs alone. Anyone you give an invite link to later can join, ${name} included.`,
  crewRemoveConfirm: 'Remove',
  crewLeaveTitle: 'Leave this crew?',
  crewLeaveConfirm: 'Posts you shared with it become yours alone.',
  crewLeave: 'Leave crew',
  crewCloseTitle: (name: string) => `Close ${name}?`,
  crewCloseConfirm: 'Everyone leaves it, and its posts become theirs alone.',
  crewClose: 'Close crew',
  audienceCrewNotYours: 'You can share a post only with a crew you are in.',
  audienceCommunity: 'Community',
  audienceOnlyMe: 'Only me',
  audienceSaving: 'Saving...',
  audienceSaved: 'Saved. Only the people you chose see this post now.',
  // The author's own posts, every audience (issue 41, decision 0093)
  audienceOnlyMeLeftCrew: (crewName: string) => `Only me · no longer in ${crewName}`,
  audienceOnlyMeCrewClosed: (crewName: string) => `Only me · ${crewName} closed`,
  yourPosts: 'Your posts',
  yourPostsLead:
    'Every post of yours, whoever sees it: Only me and crew posts too. Change who sees one from its menu.',
  noPostsYet: 'No posts yet. Your check-ins and shared weeks show up here.',
  errorLoadingYourPosts: 'Your posts could not be loaded. Please try again.',
  // Progress photos (issue 46, decisions 0109-0111)
  progressPhoto: 'Progress photo',
  progressPhotoPrivate: 'Only you see a progress photo, whoever sees its post.',
  progressPoseLabel: { front: 'Front', side: 'Side', back: 'Back' } as const,
  progressPoseField: 'Pose',
  photosTab: 'Photos',
  cycleTab: 'Overview',
  progressPhotosTitle: 'Progress photos',
  progressPhotosLead:
    'Only you see your progress photos. Share a collage when you choose, with whoever you pick.',
  noProgressPhotos: 'No progress photos yet. Take one, or mark a proof photo below.',
  errorLoadingProgressPhotos: 'Your progress photos could not be loaded. Please try again.',
  progressCalendarTitle: 'Photo days',
  progressCalendarDay: (day: number, poses: readonly string[]) =>
    poses.length ? `Day ${day}, progress photo, ${poses.join(', ')}` : `Day ${day}, no photo`,
  progressPhotoAlt: (day: number, pose: string) => `Day ${day}, ${pose} progress photo`,
  progressPhotoCaption: (day: number, date: string) => `Day ${day} · ${date}`,
  progressPhotoWeight: (weight: string) => `Weight that day: ${weight}`,
  compareTitle: 'Compare',
  compareSideBySide: 'Side by side',
  compareSlider: 'Slider',
  compareFirst: 'First day',
  compareSecond: 'Second day',
  compareNeedsTwo: 'Compare needs photos on two days. Take another one on a later day.',
  compareSliderLabel: (first: number, second: number) =>
    `Day ${second} over Day ${first}: how much of Day ${second} shows`,
  compareSliderValue: (first: number, second: number, percent: number) =>
    `${percent}% Day ${second}, ${100 - percent}% Day ${first}`,
  timeLapseTitle: 'Time-lapse',
  timeLapsePlay: 'Play',
  timeLapsePause: 'Pause',
  timeLapseSpeed: 'Speed',
  timeLapseSpeedOption: (ms: number) => `${(1000 / ms).toLocaleString('en-US')} photos a second`,
  timeLapseFrame: (index: number, total: number, day: number) =>
    `Photo ${index} of ${total}: Day ${day}`,
  timeLapseNeedsTwo: 'A time-lapse needs this pose on two days or more.',
  takeProgressPhoto: 'Take progress photo',
  cameraTitle: 'Take a progress photo',
  cameraGhostHint: (day: number) =>
    `Day ${day}'s photo lies over the camera: line yourself up with it.`,
  cameraNoGhost: 'Your first photo of this pose becomes the guide for the next ones.',
  cameraUnavailable: 'The camera is not available here. Choose a photo file instead.',
  cameraCapture: 'Take photo',
  cameraChooseFile: 'Choose a photo file',
  progressPhotoNeedsCheckin: "Check in today first: a progress photo goes with today's check-in.",
  goToCheckin: "Go to today's check-in",
  progressPhotoSaving: 'Saving your photo...',
  progressPhotoSaved: 'Progress photo saved. Only you can see it.',
  progressPhotoMarked: 'Marked as a progress photo. Only you can see it now.',
  progressPhotoUnmarked: 'No longer a progress photo: it shows with its post again.',
  progressPhotoStaysPrivate:
    'This photo was added after the check-in could change, so it stays a progress photo: only you see it.',
  markProofPhotosTitle: 'Mark a proof photo',
  proofPhotoAlt: (day: number) => `Day ${day}, proof photo`,
  markProofPhotosLead:
    'A proof photo you mark becomes a progress photo: only you see it from then on.',
  markAsProgressPhoto: (day: number) => `Mark Day ${day}'s photo as a progress photo`,
  unmarkProgressPhoto: (day: number, pose: string) =>
    `Stop using Day ${day}'s ${pose} photo as a progress photo`,
  shareCollage: 'Share a collage',
  shareCollageLead: (first: number, second: number) =>
    `Day ${first} beside Day ${second}, in one image without its camera details. Only the people you pick see it.`,
  collageSamePhoto: 'Pick two different days for a collage.',
  collageSharing: 'Making your collage...',
  collageShared: 'Collage shared. Only the people you picked see it.',
  collageCaption: (first: number, second: number) => `Day ${first} and Day ${second}`,
  // Crew cycles (issue 44, decisions 0113-0115)
  crewCycleStartInvalid: `Choose a start date from today to ${CREW_CYCLE_SCHEDULE_MAX_DAYS} days ahead.`,
  crewCycleGoalInvalid: `A crew goal is a whole number of move minutes, from 1 to ${CREW_GOAL_MAX_MINUTES.toLocaleString('en-US')}.`,
  crewCycleChoiceInvalid: 'Choose to move to the crew cycle or to stay on your own.',
  crewCycleRulesNothing: 'Change the start date, the mode or the goal.',
  crewCycleAlreadyScheduled:
    'This crew already has a cycle scheduled. Change it, or wait until it ends to schedule the next.',
  crewCycleOverlaps: (lastDate: string) =>
    `The crew's cycle runs until ${lastDate}: the next one can start the day after.`,
  crewCycleRulesLocked:
    "Day 1 has begun, so this cycle's start date, mode and goal can't change any more.",
  crewCycleNotFound: 'This crew cycle does not exist.',
  crewCycleWindowClosed: `This crew's cycle closed to new members after Day ${CREW_CYCLE_JOIN_DAYS}.`,
  crewCycleFinished: 'This crew cycle has ended.',
  crewCycleAlreadyOnIt: "You're already on this crew's cycle.",
  crewCycleAlreadyMoved: 'Your cycle has already moved to this crew cycle.',
  crewCycleMovingElsewhere: (crewName: string) =>
    `You already chose to move to ${crewName}'s cycle. Stay on your own there first.`,
  crewCycleFinaleNotYet: "The finale opens on the crew's Day 90.",
  crewCycleModeHeld: (crewName: string) =>
    `Your cycle is ${crewName}'s crew cycle: its mode was set when it was scheduled.`,
  crewCycleScheduled: (date: string) => `Your 90 days start on ${date}.`,
  crewCycleRulesSaved: 'Crew cycle updated.',
  crewCycleCancelled: 'Crew cycle cancelled.',
  crewCycleMoved: "You moved to the crew's cycle.",
  crewCycleMoving: "You'll move to the crew's cycle when its Day 1 begins.",
  crewCycleStaying: "You're staying on your own cycle.",
  crewCycleWaitingFor: (name: string) => `Waiting for ${name}`,
  crewCycleJoinedDay: (day: number) => `joined Day ${day}`,
  crewCycleOnOwnCycle: 'on their own cycle',
  crewCycleReminderTitle: (crewName: string) => `${crewName}'s 90 days start tomorrow`,
  crewCycleReminderLead: (crewName: string) =>
    `Day 1 of ${crewName}'s cycle is tomorrow, in your own time zone. Check in tomorrow to start together.`,
  // The crew page's cycle (issue 44): schedule, countdown, choice, board, finale, invite, admin
  crewCycleHeading: 'Crew cycle',
  crewCycleNoneOwner:
    'Start your 90 days together. Pick a Day 1 and the rules: everyone who moves over starts on that date, in their own time zone.',
  crewCycleNoneMember:
    "No crew cycle yet. When the crew's owner schedules one, everyone can start Day 1 on the same date.",
  crewCycleStartLabel: 'Our 90 days start on',
  crewCycleStartHint: (from: string, until: string) => `Any day from ${from} to ${until}.`,
  crewCycleModeLabel: 'Mode',
  crewCycleGoalLabel: 'Crew goal (optional)',
  crewCycleGoalHint: 'Move minutes the crew adds up together, like 9,000. Leave it empty for none.',
  crewCycleGoalUnit: 'move minutes',
  crewCycleSchedule: 'Schedule our 90 days',
  crewCycleSaveRules: 'Save the rules',
  crewCycleChangeRules: 'Change the start date or the rules',
  crewCycleCancel: 'Cancel this cycle',
  crewCycleCancelConfirm:
    "The cycle is called off for everyone, and nobody's own cycle changes. You can schedule another.",
  crewCycleStartsOn: (date: string) => `Our 90 days start on ${date}`,
  crewCycleCountdown: (days: number) =>
    days <= 0
      ? 'Day 1 is today'
      : days === 1
        ? 'Day 1 is tomorrow'
        : `Day 1 in ${formatNumber(days)} days`,
  crewCycleEveryZone:
    "Day 1 is the same date for everyone, starting at midnight in each member's own time zone.",
  crewCycleRules: 'The rules',
  crewCycleRulesOpen: 'The owner can change these until Day 1 begins.',
  crewCycleRulesLockedNote: 'Locked since Day 1 began: the same rules for everyone.',
  crewCycleModeForgivingHint: 'Rest days, one grace day a week and pauses keep a streak.',
  crewCycleModeStrictHint: 'Any missed day restarts a streak. No rest days, grace days or pauses.',
  crewCycleGoalMinutes: (minutes: number) => `${formatNumber(minutes)} move minutes together`,
  crewCycleNoGoal: 'No crew goal',
  crewCycleDay: (day: number) => `Crew day ${formatNumber(day)} of 90`,
  crewCycleDates: (start: string, end: string) => `${start} to ${end}`,
  crewCycleStreak: 'Crew streak',
  crewCycleStreakDays: (days: number) => (days === 1 ? '1 day' : `${formatNumber(days)} days`),
  crewCycleStreakHint: 'Days on which everyone checked in, rested or paused.',
  crewCycleStreakLongest: (days: number) => `Longest: ${formatNumber(days)}`,
  crewCycleStreakTodayIn: 'Everyone is in today: today counts.',
  crewCycleWaitingForYou: 'Waiting for you: check in to count today',
  crewCycleGoal: 'Crew goal',
  crewCycleGoalProgress: (done: number, goal: number) =>
    `${formatNumber(done)} of ${formatNumber(goal)} move minutes`,
  crewCycleGoalReached: 'Goal reached. That is what a crew does.',
  crewCycleBoard: 'Board',
  crewCycleOthers: 'Not on the crew cycle',
  crewCycleUndecided: 'still choosing',
  crewCycleMovingSoon: 'moving at Day 1',
  crewCycleToday: {
    'checked-in': 'Checked in',
    rest: 'Rest day',
    paused: 'Paused',
    'not-yet': 'Not yet',
    'starts-later': 'Starts later',
    'cycle-complete': 'Cycle complete',
  },
  crewCycleMemberDay: (day: number) => `Day ${formatNumber(day)}`,
  crewCycleMemberStreak: (days: number) => `Streak ${formatNumber(days)}`,
  crewCycleMemberConsistency: (percent: number) => `${formatNumber(percent)}% consistency`,
  crewCycleChoiceTitle: "Move to the crew's cycle?",
  crewCycleChoiceLead: (startDate: string) =>
    `Your Day 1 becomes ${startDate}, in your own time zone. Your current cycle ends and stays in your history.`,
  crewCycleChoiceLate: (day: number) =>
    `You'd join on Day ${formatNumber(day)}: your consistency counts from your own first day.`,
  crewCycleChoiceHeldBy: (crewName: string) =>
    `Your cycle is ${crewName}'s crew cycle now. Moving here ends it there.`,
  crewCycleChoiceStayMeans:
    'Staying keeps your own cycle and its Day count. The crew sees you as on your own cycle.',
  crewCycleMove: "Move to the crew's cycle",
  crewCycleStay: 'Stay on my own cycle',
  crewCycleMoveConfirmTitle: 'End your current cycle?',
  crewCycleYouAreOn: "You're on the crew's cycle.",
  crewCycleYouAreMoving: "You'll move to the crew's cycle when your Day 1 begins.",
  crewCycleYouStay: "You're on your own cycle.",
  crewCycleYouHeldBy: (crewName: string) => `You're on ${crewName}'s crew cycle.`,
  crewCycleWindowOpen: (date: string) =>
    `New members can join until the end of Day 3, ${date}, in their own time zone.`,
  crewCycleWindowClosedForYou: `The joining window closed after Day 3. You can join the crew's next cycle.`,
  crewCycleNext: (date: string, mode: string) => `Next crew cycle: starts ${date} · ${mode}`,
  crewCycleNoneScheduledAfter: 'No next cycle scheduled yet.',
  crewCycleEndedOn: (date: string) => `This crew's 90 days ended on ${date}.`,
  crewCycleFinaleLink: 'See the Day 90 finale',
  crewCycleFinaleTitle: (crewName: string) => `${crewName}: Day 90`,
  crewCycleFinaleLead: 'Ninety days, one Day 1. Here is what the crew stacked up.',
  crewCycleFinaleMembers: 'The crew',
  crewCycleFinaleGoalMissed: (done: number, goal: number) =>
    `${formatNumber(done)} of ${formatNumber(goal)} move minutes: not reached this time.`,
  crewCycleFinaleCheckins: (n: number) => `${formatNumber(n)} check-ins`,
  crewCycleFinaleLongest: (n: number) => `Longest streak ${formatNumber(n)}`,
  crewCycleFinalePhotoDay: (day: number) => `Day ${formatNumber(day)}`,
  crewCycleFinalePhotoAlt: (name: string, day: number) => `${name} on Day ${formatNumber(day)}`,
  crewCycleFinaleNoPhotos: 'No Day 1 and Day 90 photos shared with the crew.',
  crewCycleFinaleError: 'The finale could not be loaded. Please try again.',
  crewCycleTryAgain: 'Try again',
  crewCycleBackToCrew: 'Back to the crew',
  crewCycleInviteNext: (date: string, mode: string) =>
    `Its next cycle starts on ${date} (${mode}). Join the crew now to start that one together.`,
  crewCycleInviteNoNext:
    'No next cycle is scheduled yet. Ask the crew to send a link when the next one is set.',
  crewCycleInviteStarts: (date: string) => `The crew's 90 days start on ${date}.`,
  adminCrewCycleScheduled: (date: string, mode: string) =>
    `Cycle scheduled: starts ${date} · ${mode}`,
  adminCrewCycleRunning: (date: string, mode: string, members: number) =>
    `Cycle running since ${date} · ${mode} · ${formatNumber(members)} on it`,
} as const;

export type MessageKey = keyof typeof msg;
