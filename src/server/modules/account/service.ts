import { and, eq, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { isValidTimeZone } from '@shared/domain/local-date';
import { couponMessage } from '@shared/domain/coupon-status';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { account, profiles, user, userSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CLIENT_IP_HEADER, codeMailNote } from '../../lib/auth';
import { codeLockoutMail } from '../../lib/mail-templates';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { audit } from '../../lib/audit';
import { enforce, forget, hit, peek } from '../../lib/rate-limit';
import { redeemCoupon, validateCoupon } from '../coupons/service';
import { acceptInvite } from '../invites/service';
import {
  codeFailureLimit,
  codeMailCeiling,
  codeSendLimits,
  codeVerifyLimits,
  cooldown,
  signUpLimits,
  type CodePurpose,
} from './limits';

/** What a sign-in service hands back: the route copies these Set-Cookie lines onto its answer. */
export interface SignedIn {
  cookies: string[];
}

/** Headers for calls into better-auth: the request's cookie, and our client address (never the client's own). */
function authHeaders(ctx: ServiceContext): Headers {
  const headers = new Headers(ctx.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, ctx.ip ?? 'unknown');
  return headers;
}

const requester = (ctx: ServiceContext) => ctx.ip ?? 'unknown';

async function findUser(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  return row ?? null;
}

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
}

type CodeType = 'sign-in' | 'email-verification';

/** Whether this address holds a code that still works (a re-send would mail that same code). */
async function hasLiveCode(ctx: ServiceContext, type: CodeType, email: string) {
  const auth = await ctx.auth.$context;
  const row = await auth.internalAdapter.findVerificationValue(`${type}-otp-${email}`);
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
  note: { accountExists: boolean } = { accountExists: false },
) {
  const ceiling = await hit(ctx.db, codeMailCeiling(email), ctx.now());
  const skipMail = !ceiling.allowed && (await hasLiveCode(ctx, type, email));
  await codeMailNote.run({ ...note, skipMail }, () =>
    ctx.auth.api.sendVerificationOTP({ body: { email, type } }),
  );
}

/**
 * An unverified account is only a claim on the address: a new sign-up for it replaces the name,
 * password, time zone and coupon, so whoever verifies gets what they typed, not a stranger's earlier
 * attempt.
 */
async function replaceUnverifiedSignUp(ctx: ServiceContext, userId: string, input: SignUpInput) {
  const auth = await ctx.auth.$context;
  const passwordHash = await auth.password.hash(input.password);
  await withTransaction(ctx, async (ctx) => {
    const now = ctx.now();
    await ctx.db
      .update(user)
      .set({ name: input.displayName, updatedAt: now })
      .where(eq(user.id, userId));
    await ctx.db
      .update(profiles)
      .set({ displayName: input.displayName, signupCoupon: input.coupon ?? null, updatedAt: now })
      .where(eq(profiles.id, userId));
    if (input.timeZone && isValidTimeZone(input.timeZone))
      await ctx.db
        .update(userSettings)
        .set({ timezone: input.timeZone, updatedAt: now })
        .where(eq(userSettings.userId, userId));
    await ctx.db
      .update(account)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  });
}

/**
 * Creates the account (profile and settings rows come with it, see migration 0001) and mails the
 * verification code. The answer, and the work, are the same for every e-mail; an address that
 * already has an account is mailed something useful instead: a sign-in code with a note that the
 * account exists (verified), or the verification code again (not verified yet).
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
  const existing = await findUser(ctx.db, input.email);
  if (existing?.emailVerified) {
    // The same password work as a new account, so the time taken does not tell.
    await (await ctx.auth.$context).password.hash(input.password);
    await mailCode(ctx, input.email, 'sign-in', { accountExists: true });
  } else if (existing) {
    await replaceUnverifiedSignUp(ctx, existing.id, input);
    await mailCode(ctx, input.email, 'email-verification', { accountExists: true });
  } else {
    try {
      await ctx.auth.api.signUpEmail({
        body: {
          name: input.displayName,
          email: input.email,
          password: input.password,
          timeZone: input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : undefined,
        },
        headers: authHeaders(ctx),
      });
    } catch (error) {
      ctx.logger.warn({ err: error }, 'sign-up refused by auth');
      throw new AppError('bad_request', msg.sendVerificationCodeFailed);
    }
    if (input.coupon) {
      await ctx.db
        .update(profiles)
        .set({ signupCoupon: input.coupon })
        .where(
          sql`${profiles.id} = (select ${user.id} from ${user} where ${user.email} = ${input.email})`,
        );
    }
  }
  return { email: input.email, coupon: input.coupon ?? null, monthsFree };
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
  await mailCode(ctx, input.email, type);
}

/**
 * The checks before a code is tried: per-client limits, and the account's pause after too many wrong
 * codes. The same for known and unknown e-mails.
 */
async function beforeCodeEntry(ctx: ServiceContext, email: string) {
  await enforce(ctx.db, codeVerifyLimits(requester(ctx)), { now: ctx.now() });
  const paused = await peek(ctx.db, codeFailureLimit(email), ctx.now());
  if (!paused.allowed)
    throw new AppError('rate_limited', msg.codeEntryPaused(paused.retryAfter), {
      retryAfter: paused.retryAfter,
    });
}

/** Counts a wrong code against the account; the first time it crosses the threshold, mails the owner. */
async function codeFailed(ctx: ServiceContext, email: string, known: boolean): Promise<never> {
  const limit = codeFailureLimit(email);
  const counted = await hit(ctx.db, limit, ctx.now());
  if (known && counted.count === limit.max) {
    void ctx.mailer.send(
      codeLockoutMail(
        { to: email, minutes: limit.windowSeconds / 60 },
        { publicUrl: ctx.config.publicUrl },
      ),
    );
  }
  throw new AppError('bad_request', msg.verifyCodeFailed);
}

/**
 * The account's first verification, once: claims profiles.verified_at, then in the same transaction
 * redeems the coupon (the one given now, or at sign-up) and accepts the buddy invite (the one whose
 * link was followed, or else the newest one sent to this address). Nothing is granted twice: a second
 * verification finds verified_at set. It runs whichever page verified the address.
 */
async function firstVerification(
  ctx: ServiceContext,
  input: { userId: string; coupon?: string; invite?: string },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    // The row is locked: of two racing verifications, the second waits and then finds verified_at set.
    const [profile] = await ctx.db
      .select({ verifiedAt: profiles.verifiedAt, signupCoupon: profiles.signupCoupon })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for('update');
    if (!profile || profile.verifiedAt) return 0;
    await ctx.db
      .update(profiles)
      .set({ verifiedAt: ctx.now(), signupCoupon: null })
      .where(eq(profiles.id, input.userId));
    let monthsFree = 0;
    const coupon = input.coupon ?? profile.signupCoupon;
    if (coupon) monthsFree += await redeemCoupon(ctx, { code: coupon, userId: input.userId });
    monthsFree += await acceptInvite(ctx, { token: input.invite, userId: input.userId });
    return monthsFree;
  });
}

/** Promotes an address listed in ADMIN_EMAILS, with an audit record; a no-op for everyone else. */
async function applyAdminEmails(ctx: ServiceContext, userId: string, email: string) {
  if (!ctx.config.adminEmails.includes(email.toLowerCase())) return;
  await withTransaction(ctx, async (ctx) => {
    const changed = await ctx.db
      .update(profiles)
      .set({ isAdmin: true, updatedAt: ctx.now() })
      .where(and(eq(profiles.id, userId), eq(profiles.isAdmin, false)))
      .returning({ id: profiles.id });
    if (changed.length)
      await audit(ctx, {
        action: 'admin.grant',
        target: { type: 'user', id: userId },
        after: { isAdmin: true, reason: 'ADMIN_EMAILS' },
      });
  });
}

/**
 * Signs in with a mailed code, whichever page it was typed on: a verification code verifies an
 * account that is not verified yet, a sign-in code signs a verified one in. Either way the account's
 * first verification grants its free months (once). Wrong, expired, used or unknown: one message, the
 * same work (unknown e-mails go through the same better-auth call and failure count), nothing else.
 */
async function enterCode(
  ctx: ServiceContext,
  input: { email: string; code: string; coupon?: string; invite?: string },
): Promise<SignedIn & { monthsFree: number }> {
  await beforeCodeEntry(ctx, input.email);
  const existing = await findUser(ctx.db, input.email);
  const body = { email: input.email, otp: input.code };
  const headers = authHeaders(ctx);
  const result =
    existing && !existing.emailVerified
      ? await ctx.auth.api.verifyEmailOTP({ body, headers, returnHeaders: true }).catch(() => null)
      : await ctx.auth.api.signInEmailOTP({ body, headers, returnHeaders: true }).catch(() => null);
  if (!result?.response?.user) return codeFailed(ctx, input.email, Boolean(existing));
  // The code is used up: this requester's cooldowns, which only guard a live code, end with it.
  // (Only this requester's: a stranger's cooldown ending would tell them the address signed in.)
  for (const purpose of ['sign-in', 'verify'] as const)
    await forget(ctx.db, cooldown(input.email, purpose, requester(ctx)));
  const userId = result.response.user.id;
  const monthsFree = await firstVerification(ctx, {
    userId,
    coupon: input.coupon,
    invite: input.invite,
  });
  await applyAdminEmails(ctx, userId, input.email);
  return { monthsFree, cookies: result.headers?.getSetCookie() ?? [] };
}

/** The verify-email page: the code signs the member in; the first verification grants free months. */
export async function verifyEmail(
  ctx: ServiceContext,
  input: { email: string; code: string; coupon?: string; invite?: string },
): Promise<SignedIn & { monthsFree: number }> {
  return enterCode(ctx, input);
}

/** The sign-in page's code step. */
export async function signInWithCode(
  ctx: ServiceContext,
  input: { email: string; code: string },
): Promise<SignedIn> {
  const { cookies } = await enterCode(ctx, input);
  return { cookies };
}

/** Revokes the session on the server and clears the cookie; succeeds even when already signed out. */
export async function signOut(ctx: ServiceContext): Promise<SignedIn> {
  const result = await ctx.auth.api
    .signOut({ headers: authHeaders(ctx), returnHeaders: true })
    .catch(() => null);
  if (result) return { cookies: result.headers?.getSetCookie() ?? [] };
  const auth = await ctx.auth.$context;
  return {
    cookies: [`${auth.authCookies.sessionToken.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`],
  };
}
