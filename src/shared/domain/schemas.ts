// Zod schemas shared by the forms and the server, each carrying the words the
// member sees. The server parses every request with these, so every limit in
// the spec holds even when the form is bypassed.

import { z } from 'zod';
import {
  ACTIVITY_SOURCE_MAX,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  PROTEIN_TARGET_MAX_G,
  PROTEIN_TARGET_MIN_G,
  WATER_TARGET_MAX_ML,
  WATER_TARGET_MIN_ML,
  BADGE_CODE_MAX,
  BADGE_DESCRIPTION_MAX,
  BADGE_NAME_MAX,
  BADGE_REASON_MAX,
  BIRTH_YEAR_MIN,
  CODE_LENGTH,
  COMMENT_MAX_LENGTH,
  COMP_VALUES,
  COUNTRY_MAX,
  COUPON_CODE_MAX,
  COUPON_MONTHS_DEFAULT,
  COUPON_MONTHS_FALLBACK,
  COUPON_MONTHS_MAX,
  COUPON_MONTHS_MIN,
  COUPON_NOTES_MAX,
  CREW_CYCLE_CHOICES,
  CREW_GOAL_MAX_MINUTES,
  CREW_NAME_MAX,
  DEFAULT_COMP,
  DEFAULT_EMAIL_NUDGES,
  DEFAULT_PUSH_NUDGES,
  DEFAULT_REMINDER_HOUR,
  DEFAULT_ROLE,
  REVIEW_SHARE_AUDIENCES,
  REVIEW_SHARE_MAX_PHOTOS,
  REVIEW_WEEKS,
  DEFAULT_SEND_INVITE,
  DEFAULT_STEP_TRACKER,
  DEFAULT_UNIT_PREF,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  EQUIPMENT,
  FITNESS_GOALS,
  FITNESS_LEVELS,
  GENDERS,
  HEALTH_CONSTRAINTS_MAX,
  HEIGHT_CM_MAX,
  HEIGHT_CM_MIN,
  JOURNAL_MAX_LENGTH,
  MOVE_MINUTES_MAX,
  ONBOARDING_EQUIPMENT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX,
  PRICE_IDS,
  REACTION_KEYS,
  REMINDER_HOURS,
  REPORT_REASON_MAX,
  ROLES,
  STEP_TRACKERS,
  STEPS_MAX,
  UNIT_PREFS,
  WEIGHT_KG_MAX,
  WEIGHT_KG_MIN,
  WORKOUT_AGE_MAX,
  WORKOUT_NOTES_MAX,
  STREAK_MODES,
} from '../constants';
import { msg } from '../messages';
import { LOCALES } from '../i18n/locales';
import { normalizeCouponCode } from './coupon-status';
import { isLocalDate, isValidTimeZone } from './local-date';

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/**
 * A field message, read when a value fails, not when this module loads: msg speaks the locale of the
 * request or page reading it (issue 47), so a schema built at import holds no English.
 */
type Message = () => string;

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Number inputs arrive as strings from forms and multipart bodies. */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/**
 * Booleans from JSON, checkboxes ('on') or multipart fields ('true'/'false').
 * Absent means false. z.coerce.boolean() is not used: it reads 'false' as true.
 */
const formBoolean = (defaultValue = false) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return defaultValue;
    if (typeof v === 'string') return ['true', 'on', '1', 'yes'].includes(v.toLowerCase());
    return v;
  }, z.boolean());

/**
 * Free text the database can store. PostgreSQL refuses U+0000 in text, so a NUL character used to
 * fail the insert with a 500; every free-text field starts with this check and refuses it clearly,
 * and so does every query or path text that reaches a query (a search, a filter, an id).
 */
export const storableText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !s.includes('\u0000'), {
    error: () => msg.textHasNullCharacter,
    abort: true,
  });

/**
 * What a one-line field (a name, a code, a title) must not hold: C0 and C1 control characters (line
 * breaks, tabs, bells), the Unicode line and paragraph separators, and the bidirectional overrides
 * and isolates that make a name read differently from what it is. Joiners stay (emoji use them).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A one-line field: checked after it is trimmed, so a line break pasted at either end is simply dropped. */
const oneLine = (s: string) => !CONTROL_CHARACTERS.test(s);
const oneLineError = { error: () => msg.textHasControlCharacter, abort: true } as const;

/**
 * The largest value of a PostgreSQL `integer` (serial ids, counts): a larger number would fail the
 * query with a 500, so the schemas that store or look up one cap it here.
 */
export const INT4_MAX = 2_147_483_647;

/** An instant PostgreSQL's `timestamptz` takes and a form can show: years 1 to 9999. */
const inStorableYears = (d: Date) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

/** An optional free-text field: trimmed, '' allowed, capped. */
const optionalText = (max: number, tooLong: Message = () => msg.textTooLong) =>
  storableText().trim().max(max, { error: tooLong }).optional();

/** An optional one-line field (a name, a country): trimmed, '' allowed, capped, no control characters. */
const optionalLine = (max: number, tooLong: Message = () => msg.textTooLong) =>
  storableText().trim().refine(oneLine, oneLineError).max(max, { error: tooLong }).optional();

function emailWith(requiredMessage: Message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX, { error: () => msg.emailTooLong, abort: true })
    .regex(z.regexes.email, { error: () => msg.emailInvalid });
}

function passwordWith(requiredMessage: Message) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: () => msg.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH, { error: () => msg.passwordTooLong });
}

// ---------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------

export const emailSchema = emailWith(() => msg.emailRequired);

/** Only length is enforced; passwordStrength() gives the softer feedback. */
export const passwordSchema = passwordWith(() => msg.fillInEmailAndPassword);

export const displayNameSchema = storableText({ error: () => msg.fillInDisplayName })
  .trim()
  .refine(oneLine, oneLineError)
  .min(1, { error: () => msg.fillInDisplayName, abort: true })
  .max(DISPLAY_NAME_MAX, { error: () => msg.displayNameTooLong });

/** A crew's name (issue 30): one line, 1 to CREW_NAME_MAX characters after trimming. */
export const crewNameSchema = storableText({ error: () => msg.crewNameRequired })
  .trim()
  .refine(oneLine, oneLineError)
  .min(1, { error: () => msg.crewNameRequired, abort: true })
  .max(CREW_NAME_MAX, { error: () => msg.crewNameTooLong });
export const crewBodySchema = z.object({ name: crewNameSchema });

const personNameSchema = optionalLine(PERSON_NAME_MAX, () => msg.nameTooLong);

/** A zone Intl understands. Falling back to a default for a bad value is the caller's job. */
export const timeZoneSchema = z
  .string({ error: () => msg.invalidTimeZone })
  .trim()
  .refine(isValidTimeZone, { error: () => msg.invalidTimeZone });

export const otpCodeSchema = z
  .string({ error: () => msg.enterVerificationCode })
  .trim()
  .min(1, { error: () => msg.enterVerificationCode, abort: true })
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: () => msg.codeFormat });

/** Trimmed and upper-cased, so codes match however they were typed. */
export const couponCodeSchema = z
  .string({ error: () => msg.couponCodeRequired })
  .transform(normalizeCouponCode)
  .pipe(
    storableText()
      .refine(oneLine, oneLineError)
      .min(1, { error: () => msg.couponCodeRequired, abort: true })
      .max(COUPON_CODE_MAX, { error: () => msg.couponCodeTooLong }),
  );

/** An empty coupon entry is ignored: it becomes undefined, not an error. */
export const optionalCouponCode = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  couponCodeSchema.optional(),
);

// ---------------------------------------------------------------------------
// Sign-in, sign-up, invites
// ---------------------------------------------------------------------------

/** A buddy-invite token as it appears in the link (base64url); anything else is not an invite. */
export const inviteTokenSchema = z
  .string({ error: () => msg.invalidInviteLink })
  .trim()
  .regex(/^[A-Za-z0-9_-]{10,200}$/, { error: () => msg.invalidInviteLink });

export const signUpSchema = z.object({
  displayName: displayNameSchema,
  email: emailWith(() => msg.fillInEmailAndPassword),
  password: passwordWith(() => msg.fillInEmailAndPassword),
  coupon: optionalCouponCode,
  timeZone: timeZoneSchema.optional(),
  /** The required box "I accept the terms of service and privacy policy". */
  acceptTerms: z.literal(true, { error: () => msg.acceptTerms }),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

/** Admin-invited people set a password and accept the terms; no display name is asked. */
export const adminInvitePasswordSchema = z.object({
  email: emailWith(() => msg.fillInEmailAndPassword),
  password: passwordWith(() => msg.fillInEmailAndPassword),
  /** The same required box as at sign-up (issue 41 item 9). */
  acceptTerms: z.literal(true, { error: () => msg.acceptTerms }),
});
export type AdminInvitePasswordInput = z.input<typeof adminInvitePasswordSchema>;
export type AdminInvitePasswordData = z.output<typeof adminInvitePasswordSchema>;

/**
 * What a sign-up made in another browser left behind (decision 0095): the name and the terms, asked
 * before the app opens.
 */
export const finishSignUpSchema = z.object({
  displayName: displayNameSchema,
  acceptTerms: z.literal(true, { error: () => msg.acceptTerms }),
});
export type FinishSignUpInput = z.input<typeof finishSignUpSchema>;
export type FinishSignUpData = z.output<typeof finishSignUpSchema>;

export const signInEmailSchema = z.object({ email: emailSchema });
export type SignInEmailInput = z.input<typeof signInEmailSchema>;
export type SignInEmailData = z.output<typeof signInEmailSchema>;

export const verifyCodeSchema = z.object({ email: emailSchema, code: otpCodeSchema });
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;
export type VerifyCodeData = z.output<typeof verifyCodeSchema>;

export const validateCouponSchema = z.object({ code: couponCodeSchema });
export type ValidateCouponInput = z.input<typeof validateCouponSchema>;
export type ValidateCouponData = z.output<typeof validateCouponSchema>;

/** Invite a workout buddy: email required, names optional. */
export const inviteSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
});
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteData = z.output<typeof inviteSchema>;

// ---------------------------------------------------------------------------
// Check-ins, updates, feed
// ---------------------------------------------------------------------------

/**
 * Move minutes and steps: non-numeric becomes 0 (as the spec says), decimals
 * are rounded (the columns hold whole numbers), negatives and impossible
 * values are refused.
 */
const checkinCount = (max: number, tooHigh: Message) =>
  z.preprocess(
    (v) => {
      const n = toNumber(v);
      return Number.isFinite(n) ? Math.round(n) : 0;
    },
    z
      .number()
      .min(0, { error: () => msg.numberNotNegative })
      .max(max, { error: tooHigh }),
  );

const journalText = storableText().max(JOURNAL_MAX_LENGTH, { error: () => msg.journalTooLong });

export const checkinSchema = z.object({
  movedMinutes: checkinCount(MOVE_MINUTES_MAX, () => msg.moveMinutesTooHigh),
  steps: checkinCount(STEPS_MAX, () => msg.stepsTooHigh),
  proteinTargetHit: formBoolean(),
  hydrationGoalHit: formBoolean(),
  journalMd: journalText.default(''),
});
export type CheckinInput = z.input<typeof checkinSchema>;
export type CheckinData = z.output<typeof checkinSchema>;

/**
 * An edit changes the fields it carries and keeps the others. An edit carrying none is refused: it
 * used to read as all zeros and wipe the check-in.
 */
export const checkinEditSchema = checkinSchema
  .extend({ journalMd: journalText })
  .partial()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    error: () => msg.checkinEditEmpty,
  });
export type CheckinEditInput = z.input<typeof checkinEditSchema>;
export type CheckinEditData = z.output<typeof checkinEditSchema>;

/**
 * An update's text is optional (blank becomes undefined). "Text or at least one
 * media" needs the files too, so the caller checks it with msg.addTextOrMedia.
 */
export const checkinUpdateSchema = z.object({
  body: storableText()
    .trim()
    .max(JOURNAL_MAX_LENGTH, { error: () => msg.updateTooLong })
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type CheckinUpdateInput = z.input<typeof checkinUpdateSchema>;
export type CheckinUpdateData = z.output<typeof checkinUpdateSchema>;

export const commentSchema = z.object({
  body: storableText({ error: () => msg.commentEmpty })
    .trim()
    .min(1, { error: () => msg.commentEmpty, abort: true })
    .max(COMMENT_MAX_LENGTH, { error: () => msg.commentTooLong }),
});
export type CommentInput = z.input<typeof commentSchema>;
export type CommentData = z.output<typeof commentSchema>;

export const reactionSchema = z.object({
  reaction: z.enum(REACTION_KEYS, { error: () => msg.unknownReaction }),
});
export type ReactionInput = z.input<typeof reactionSchema>;
export type ReactionData = z.output<typeof reactionSchema>;

export const reportSchema = z.object({
  reason: storableText({ error: () => msg.reportReasonRequired })
    .trim()
    .min(1, { error: () => msg.reportReasonRequired, abort: true })
    .max(REPORT_REASON_MAX, { error: () => msg.reportReasonTooLong }),
});
export type ReportInput = z.input<typeof reportSchema>;
export type ReportData = z.output<typeof reportSchema>;

// ---------------------------------------------------------------------------
// Profile, settings, health, workouts, billing
// ---------------------------------------------------------------------------

/** One of the languages StackDays speaks (issue 47): anything else is refused, never stored. */
export const languageSchema = z.enum(LOCALES, { error: () => msg.languageInvalid });

export const profileSchema = z.object({
  displayName: displayNameSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  country: optionalLine(COUNTRY_MAX),
  unitPref: z.enum(UNIT_PREFS, { error: () => msg.invalidOption }).default(DEFAULT_UNIT_PREF),
  /** Absent: the member's language is left as it is. */
  language: languageSchema.optional(),
});

/**
 * The footer's language menu (a form that works without the app's script): the language, and the
 * page to go back to, which the server follows only when it is a path on this site.
 */
export const languageChoiceSchema = z.object({
  language: languageSchema,
  back: z.string().max(2048).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;

export const settingsSchema = z.object({
  reminderHour: z
    .preprocess(
      toNumber,
      z.number().refine((h) => (REMINDER_HOURS as readonly number[]).includes(h), {
        error: () => msg.invalidReminderHour,
      }),
    )
    .default(DEFAULT_REMINDER_HOUR),
  emailNudges: formBoolean(DEFAULT_EMAIL_NUDGES),
  pushNudges: formBoolean(DEFAULT_PUSH_NUDGES),
  /** Absent from an older form: left as it is (decision 0049). */
  weeklyReviewEmail: z.boolean().optional(),
  timezone: timeZoneSchema,
});
export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsData = z.output<typeof settingsSchema>;

/** Blank optional numbers become undefined; anything else must be a number. */
const optionalNumber = (inner: z.ZodNumber) =>
  z.preprocess((v) => (isBlank(v) ? undefined : toNumber(v)), inner.optional());

// The intake may show either equipment list (see ONBOARDING_EQUIPMENT), so both are accepted.
const HEALTH_EQUIPMENT = [...new Set([...EQUIPMENT, ...ONBOARDING_EQUIPMENT])] as [
  string,
  ...string[],
];

export const healthProfileSchema = z.object({
  /** Checked against the current year at parse time. */
  birthYear: z.preprocess(
    toNumber,
    z
      .number({ error: () => msg.birthYearRange(new Date().getFullYear()) })
      .int({ error: () => msg.wholeNumber })
      .refine((y) => y >= BIRTH_YEAR_MIN && y <= new Date().getFullYear(), {
        error: () => msg.birthYearRange(new Date().getFullYear()),
      }),
  ),
  gender: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.enum(GENDERS, { error: () => msg.invalidOption }).optional(),
  ),
  heightCm: optionalNumber(
    z
      .number({ error: () => msg.heightRange })
      .min(HEIGHT_CM_MIN, { error: () => msg.heightRange })
      .max(HEIGHT_CM_MAX, { error: () => msg.heightRange }),
  ),
  weightKg: optionalNumber(
    z
      .number({ error: () => msg.weightRange })
      .min(WEIGHT_KG_MIN, { error: () => msg.weightRange })
      .max(WEIGHT_KG_MAX, { error: () => msg.weightRange }),
  ),
  baselineSteps: optionalNumber(
    z
      .number({ error: () => msg.wholeNumber })
      .int({ error: () => msg.wholeNumber })
      .min(0, { error: () => msg.numberNotNegative })
      .max(STEPS_MAX, { error: () => msg.stepsTooHigh }),
  ),
  goals: z.array(z.enum(FITNESS_GOALS, { error: () => msg.invalidOption })).default([]),
  equipment: z.array(z.enum(HEALTH_EQUIPMENT, { error: () => msg.invalidOption })).default([]),
  constraints: optionalText(HEALTH_CONSTRAINTS_MAX),
  socialShareWeight: formBoolean(),
});
export type HealthProfileInput = z.input<typeof healthProfileSchema>;
export type HealthProfileData = z.output<typeof healthProfileSchema>;

export const workoutPrefsSchema = z.object({
  fitnessLevel: z.enum(FITNESS_LEVELS, { error: () => msg.invalidOption }),
  /** The field keeps digits only; blank means not given. */
  age: z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? toNumber(v.replace(/\D/g, '')) : v),
    z
      .number({ error: () => msg.ageInvalid })
      .int({ error: () => msg.ageInvalid })
      .min(1, { error: () => msg.ageInvalid })
      .max(WORKOUT_AGE_MAX, { error: () => msg.ageInvalid })
      .optional(),
  ),
  equipment: z.array(z.enum(EQUIPMENT, { error: () => msg.invalidOption })).default([]),
  stepTracker: z
    .enum(STEP_TRACKERS, { error: () => msg.invalidOption })
    .default(DEFAULT_STEP_TRACKER),
  goals: z.array(z.enum(FITNESS_GOALS, { error: () => msg.invalidOption })).default([]),
  notes: optionalText(WORKOUT_NOTES_MAX, () => msg.workoutNotesTooLong),
});
export type WorkoutPrefsInput = z.input<typeof workoutPrefsSchema>;
export type WorkoutPrefsData = z.output<typeof workoutPrefsSchema>;

/** create-checkout takes a price, or trial: true for the card-free trial. */
export const checkoutSchema = z.union(
  [
    z.object({ priceId: z.enum(PRICE_IDS, { error: () => msg.invalidPlan }) }),
    // requireCard: the pricing page's "Don't require card for trial" box, unticked (decision 0018).
    z.object({ trial: z.literal(true), requireCard: z.boolean().default(false) }),
  ],
  { error: () => msg.invalidPlan },
);
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const changePlanSchema = z.object({
  priceId: z.enum(PRICE_IDS, { error: () => msg.invalidPlan }),
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

// ---------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------

export const adminCreateUserSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  displayName: storableText()
    .trim()
    .refine(oneLine, oneLineError)
    .max(DISPLAY_NAME_MAX, { error: () => msg.displayNameTooLong })
    .optional(),
  role: z.enum(ROLES, { error: () => msg.invalidOption }).default(DEFAULT_ROLE),
  comp: z.enum(COMP_VALUES, { error: () => msg.invalidOption }).default(DEFAULT_COMP),
  sendInvite: formBoolean(DEFAULT_SEND_INVITE),
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/** An admin's comp for an existing member (admin Subscriptions, decision 0034). */
export const adminCompSchema = z.object({
  comp: z.enum(COMP_VALUES, { error: () => msg.invalidOption }),
});
export type AdminCreateUserData = z.output<typeof adminCreateUserSchema>;

/**
 * The admin coupon form. Months free: non-numeric falls back to 1, then must
 * be 1..24. Max redemptions: blank is unlimited (null). Expires at: blank is
 * never (null). Send expiresAt as an ISO string with an offset: a bare
 * datetime-local value would be read in the server's zone.
 */
export const couponFormSchema = z.object({
  code: couponCodeSchema,
  monthsFree: z.preprocess(
    (v) => {
      if (v === undefined) return COUPON_MONTHS_DEFAULT;
      const n = toNumber(v);
      return Number.isFinite(n) ? n : COUPON_MONTHS_FALLBACK;
    },
    z
      .number()
      .int({ error: () => msg.couponMonthsRange })
      .min(COUPON_MONTHS_MIN, { error: () => msg.couponMonthsRange })
      .max(COUPON_MONTHS_MAX, { error: () => msg.couponMonthsRange }),
  ),
  maxRedemptions: z.preprocess(
    (v) => (isBlank(v) ? null : toNumber(v)),
    z
      .number({ error: () => msg.couponMaxRedemptionsInvalid })
      .int({ error: () => msg.couponMaxRedemptionsInvalid })
      .min(1, { error: () => msg.couponMaxRedemptionsInvalid })
      .max(INT4_MAX, { error: () => msg.couponMaxRedemptionsInvalid })
      .nullable(),
  ),
  expiresAt: z.preprocess(
    (v) => (isBlank(v) ? null : v instanceof Date ? v : new Date(String(v))),
    z
      .date({ error: () => msg.invalidDate })
      .refine(inStorableYears, { error: () => msg.invalidDate })
      .nullable(),
  ),
  isActive: formBoolean(true),
  notes: optionalText(COUPON_NOTES_MAX),
});
export type CouponFormInput = z.input<typeof couponFormSchema>;
export type CouponFormData = z.output<typeof couponFormSchema>;

export const badgeSchema = z.object({
  name: storableText({ error: () => msg.badgeNameRequired })
    .trim()
    .refine(oneLine, oneLineError)
    .min(1, { error: () => msg.badgeNameRequired, abort: true })
    .max(BADGE_NAME_MAX, { error: () => msg.textTooLong }),
  code: z
    .string({ error: () => msg.badgeCodeRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: () => msg.badgeCodeRequired, abort: true })
    .max(BADGE_CODE_MAX, { error: () => msg.textTooLong, abort: true })
    .regex(/^[a-z0-9_]+$/, { error: () => msg.badgeCodeFormat }),
  description: optionalText(BADGE_DESCRIPTION_MAX),
});
export type BadgeInput = z.input<typeof badgeSchema>;
export type BadgeData = z.output<typeof badgeSchema>;

/** The badge id arrives from a select as a string and is stored as a number; a blank reason is stored as null. */
export const awardBadgeSchema = z.object({
  badgeId: z.preprocess(
    toNumber,
    z
      .number({ error: () => msg.badgeRequired })
      .int({ error: () => msg.badgeRequired })
      .positive({ error: () => msg.badgeRequired })
      .max(INT4_MAX, { error: () => msg.badgeRequired }),
  ),
  userId: storableText({ error: () => msg.userRequired })
    .trim()
    .min(1, { error: () => msg.userRequired }),
  reason: storableText()
    .trim()
    .refine(oneLine, oneLineError)
    .max(BADGE_REASON_MAX, { error: () => msg.textTooLong })
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type AwardBadgeInput = z.input<typeof awardBadgeSchema>;
export type AwardBadgeData = z.output<typeof awardBadgeSchema>;

/** A browser's PushSubscription.toJSON() (decision 0020); the endpoint is checked on the server. */
export const pushSubscriptionSchema = z.object({
  endpoint: storableText({ error: () => msg.pushEndpointRefused })
    .max(1000, { error: () => msg.pushEndpointRefused })
    .pipe(z.url({ error: () => msg.pushEndpointRefused })),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: () => msg.validation }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { error: () => msg.validation }),
  }),
});
export type PushSubscriptionData = z.output<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: storableText().max(1000, { error: () => msg.validation }),
});

// ---------------------------------------------------------------------------
// Connections (issue 29; decisions 0044 and 0045)
// ---------------------------------------------------------------------------

/** A new personal access token: a name for the member's own list, and what it may do. */
export const apiTokenCreateSchema = z.object({
  name: storableText({ error: () => msg.apiTokenNameRequired })
    .trim()
    .refine(oneLine, oneLineError)
    .min(1, { error: () => msg.apiTokenNameRequired, abort: true })
    .max(API_TOKEN_NAME_MAX, { error: () => msg.apiTokenNameTooLong }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: () => msg.apiTokenScopesRequired }), {
      error: () => msg.apiTokenScopesRequired,
    })
    .min(1, { error: () => msg.apiTokenScopesRequired })
    .max(API_TOKEN_SCOPES.length, { error: () => msg.apiTokenScopesRequired }),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;

/**
 * What a phone sends for today: whole or decimal numbers (rounded when stored), never text, and a
 * short one-line label of where they come from. `date`, when sent, is the day the phone counted
 * them for: a day other than today in the member's zone is refused rather than moved.
 */
export const connectionActivitySchema = z.object({
  steps: z
    .number({ error: () => msg.activityNotANumber })
    .min(0, { error: () => msg.numberNotNegative })
    .max(STEPS_MAX, { error: () => msg.stepsTooHigh }),
  moveMinutes: z
    .number({ error: () => msg.activityNotANumber })
    .min(0, { error: () => msg.numberNotNegative })
    .max(MOVE_MINUTES_MAX, { error: () => msg.moveMinutesTooHigh }),
  source: storableText({ error: () => msg.activitySourceRequired })
    .trim()
    .refine(oneLine, oneLineError)
    .min(1, { error: () => msg.activitySourceRequired, abort: true })
    .max(ACTIVITY_SOURCE_MAX, { error: () => msg.activitySourceTooLong }),
  date: z.iso.date({ error: () => msg.activityDateInvalid }).optional(),
});
export type ConnectionActivityInput = z.input<typeof connectionActivitySchema>;

/**
 * Daily fuel targets (issue 45): protein in whole grams and water in whole millilitres (the form
 * shows litres or cups by the member's units); null clears a target.
 */
export const fuelTargetsSchema = z.object({
  proteinG: z
    .number({ error: () => msg.proteinTargetInvalid })
    .int({ error: () => msg.proteinTargetInvalid })
    .min(PROTEIN_TARGET_MIN_G, { error: () => msg.proteinTargetInvalid })
    .max(PROTEIN_TARGET_MAX_G, { error: () => msg.proteinTargetInvalid })
    .nullable(),
  waterMl: z
    .number({ error: () => msg.waterTargetInvalid })
    .int({ error: () => msg.waterTargetInvalid })
    .min(WATER_TARGET_MIN_ML, { error: () => msg.waterTargetInvalid })
    .max(WATER_TARGET_MAX_ML, { error: () => msg.waterTargetInvalid })
    .nullable(),
});
export type FuelTargetsInput = z.input<typeof fuelTargetsSchema>;
/** The address of a review: /api/review/{cycle id}/{week} (decision 0048). */
export const reviewAddressSchema = z.object({
  cycle: z.uuid(),
  // Written as a week is linked (1 to 13): no '0x1', '1e0', ' 1' or '01' aliases of an address.
  week: z
    .string()
    .regex(/^[1-9][0-9]?$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(REVIEW_WEEKS)),
});

/** "Share this week": the audience, and the week's photos the member picked (none by default). */
export const shareWeekSchema = z.object({
  // An audience key (src/shared/domain/audience.ts): community, only_me or crew:<crew id>.
  audience: z.union([z.enum(REVIEW_SHARE_AUDIENCES), z.templateLiteral(['crew:', z.uuid()])]),
  photoIds: z.array(z.uuid()).max(REVIEW_SHARE_MAX_PHOTOS).default([]),
});
export type ShareWeekData = z.output<typeof shareWeekSchema>;

// Crew cycles (issue 44, decision 0113). The start date's range (the owner's today to 60 days ahead)
// and the lock at Day 1 are the server's to check: they depend on the owner's zone and the moment.
const crewCycleStartDate = z
  .string({ error: () => msg.crewCycleStartInvalid })
  .refine(isLocalDate, { error: () => msg.crewCycleStartInvalid });
const crewCycleMode = z.enum(STREAK_MODES, { error: () => msg.streakModeInvalid });
/** A crew goal in move minutes; null: no goal. */
const crewGoalMinutes = z
  .number({ error: () => msg.crewCycleGoalInvalid })
  .int({ error: () => msg.crewCycleGoalInvalid })
  .min(1, { error: () => msg.crewCycleGoalInvalid })
  .max(CREW_GOAL_MAX_MINUTES, { error: () => msg.crewCycleGoalInvalid })
  .nullable();

/** POST /api/crews/:id/cycles: the owner schedules "our 90 days start on". */
export const crewCycleScheduleSchema = z.strictObject({
  startDate: crewCycleStartDate,
  mode: crewCycleMode,
  goalMinutes: crewGoalMinutes.default(null),
});
export type CrewCycleScheduleInput = z.output<typeof crewCycleScheduleSchema>;

/** PATCH /api/crews/:id/cycles/:cycleId: the owner changes the rules before Day 1 begins. */
export const crewCycleRulesSchema = z
  .strictObject({
    startDate: crewCycleStartDate.optional(),
    mode: crewCycleMode.optional(),
    goalMinutes: crewGoalMinutes.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: () => msg.crewCycleRulesNothing,
  });
export type CrewCycleRulesInput = z.output<typeof crewCycleRulesSchema>;

/** PUT /api/crews/:id/cycles/:cycleId/choice: move to the crew's cycle, or stay on one's own. */
export const crewCycleChoiceSchema = z.strictObject({
  choice: z.enum(CREW_CYCLE_CHOICES, { error: () => msg.crewCycleChoiceInvalid }),
});
export type CrewCycleChoiceInput = z.output<typeof crewCycleChoiceSchema>;
