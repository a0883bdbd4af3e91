import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { isValidTimeZone } from '@shared/domain/local-date';
import { couponMessage } from '@shared/domain/coupon-status';
import { displayNameFromEmail } from '@shared/domain/display';
import { msg } from '@shared/messages';
import { user } from '../../db/schema';
import { newToken } from '../../lib/tokens';
import { AppError } from '../../lib/errors';
import { codeMailNote, hashPassword, storedCode } from '../../lib/auth';
import type { ServiceContext } from '../../lib/context';
import { enforce, hit } from '../../lib/rate-limit';
import { validateCoupon } from '../../queries/coupon-check';
import { sealPendingSignUp } from './pending-sign-up';
import {
  codeMailCeiling,
  codeSendLimits,
  cooldown,
  signUpLimits,
  type CodePurpose,
} from './limits';
import { findUser, requester } from './service';

// Signing up and asking for a code: both end in a mailed code, after the same limits and the same
// work for every e-mail.

/** Refuses code requests over the limits; a refused cooldown means this requester already has a live code. */
async function enforceCodeSend(ctx: ServiceContext, email: string, purpose: CodePurpose) {
  const cooling = cooldown(email, purpose, requester(ctx)).key;
  await enforce(ctx.db, codeSendLimits(email, purpose, requester(ctx)), {
    message: msg.waitBeforeNewCode,
    // This requester was mailed a code moments ago: the page can go straight to the code step.
    details: (refused) => ({ codeSent: refused.includes(cooling) }),
    now: ctx.now(),
  });
}

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
  coupon?: string;
  timeZone?: string;
  /** The terms of service and privacy policy: a sign-up without them never gets here (422). */
  acceptTerms: true;
}

type CodeType = 'sign-in' | 'email-verification';

/** Whether this address holds a code that still works (a re-send would mail that same code). */
async function hasLiveCode(ctx: ServiceContext, type: CodeType, email: string) {
  const row = await storedCode(ctx.auth, `${type}-otp-${email}`);
  if (!row || row.expiresAt.getTime() <= ctx.now().getTime()) return false;
  const attempts = Number.parseInt(row.value.slice(row.value.lastIndexOf(':') + 1), 10) || 0;
  return attempts < OTP_MAX_ATTEMPTS;
}

/**
 * Mails a code of this type (better-auth re-sends the live one, or makes a new one). Unknown e-mails
 * go through the same call: better-auth stores and drops a code and mails nothing, so the work does
 * not tell who has an account. Past the per-address ceiling, a mere re-send is not mailed again.
 */
async function mailCode(
  ctx: ServiceContext,
  email: string,
  type: CodeType,
  note: { accountExists: boolean; language?: string | null } = { accountExists: false },
) {
  const ceiling = await hit(ctx.db, codeMailCeiling(email), ctx.now());
  const skipMail = !ceiling.allowed && (await hasLiveCode(ctx, type, email));
  await codeMailNote.run({ ...note, skipMail }, () =>
    ctx.auth.api.sendVerificationOTP({ body: { email, type } }),
  );
}

/** A new account with nothing chosen yet: its profile, settings and consents rows come with it (0001). */
async function createUnprovenAccount(ctx: ServiceContext, email: string) {
  const now = ctx.now();
  await ctx.db
    .insert(user)
    .values({
      id: newToken(),
      name: displayNameFromEmail(email),
      email,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Records a sign-up without touching any account: what was chosen is sealed into this browser's
 * cookie (the route sets it from `pendingSignUp`), and counts only if this browser proves the
 * address (decision 0072). A new address gets a bare account to verify; an address that already
 * has one, verified, unverified or pending an admin invite, is left exactly as it is. The answer and
 * the work (a password hash, a mail) are the same for every e-mail; an existing address is mailed
 * something useful: a sign-in code with a note that the account exists (verified), or its
 * verification code (not verified yet).
 */
export async function signUp(ctx: ServiceContext, input: SignUpInput) {
  // Limits first: a coupon check before them would let anyone guess coupon codes for free.
  await enforce(ctx.db, signUpLimits(requester(ctx)), { now: ctx.now() });
  await enforceCodeSend(ctx, input.email, 'verify');
  let monthsFree = 0;
  if (input.coupon) {
    const coupon = await validateCoupon(ctx.db, input.coupon, ctx.now());
    if (!coupon.ok)
      throw new AppError('validation_failed', couponMessage(coupon.reason), {
        fields: { coupon: couponMessage(coupon.reason) },
      });
    monthsFree = coupon.monthsFree;
  }
  const pendingSignUp = await sealPendingSignUp(ctx, {
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(ctx.auth, input.password),
    timeZone: input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : undefined,
    coupon: input.coupon,
    termsAcceptedAt: ctx.now().toISOString(),
  });
  const existing = await findUser(ctx.db, input.email);
  const language = existing?.language ?? null;
  if (existing?.emailVerified) {
    await mailCode(ctx, input.email, 'sign-in', { accountExists: true, language });
  } else {
    if (!existing) await createUnprovenAccount(ctx, input.email);
    await mailCode(ctx, input.email, 'email-verification', {
      accountExists: Boolean(existing),
      language,
    });
  }
  return { email: input.email, coupon: input.coupon ?? null, monthsFree, pendingSignUp };
}

/**
 * Mails a code: a sign-in code to a verified account (whichever page asks: it never gets a
 * verification code), a verification code to an account not verified yet (signing in by code
 * verifies it), and, to an unknown e-mail, nothing, after the same work.
 */
export async function sendCode(
  ctx: ServiceContext,
  input: { email: string; purpose: CodePurpose },
) {
  await enforceCodeSend(ctx, input.email, input.purpose);
  const existing = await findUser(ctx.db, input.email);
  const type = existing && !existing.emailVerified ? 'email-verification' : 'sign-in';
  await mailCode(ctx, input.email, type, {
    accountExists: false,
    language: existing?.language ?? null,
  });
}
