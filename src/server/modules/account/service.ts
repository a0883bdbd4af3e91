import { and, eq, isNull } from 'drizzle-orm';
import { isValidTimeZone } from '@shared/domain/local-date';
import { couponMessage } from '@shared/domain/coupon-status';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CLIENT_IP_HEADER, codeMailNote } from '../../lib/auth';
import { codeLockoutMail } from '../../lib/mail-templates';
import { withTransaction, type ServiceContext } from '../../lib/context';
import { audit } from '../../lib/audit';
import { enforce, hit, hitAll, peek } from '../../lib/rate-limit';
import { redeemCoupon, validateCoupon } from '../coupons/service';
import { acceptInvite } from '../invites/service';
import {
  codeFailureLimit,
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
  const limits = codeSendLimits(email, purpose, requester(ctx));
  const result = await hitAll(ctx.db, limits, ctx.now());
  if (!result.allowed)
    throw new AppError('rate_limited', msg.waitBeforeNewCode(result.retryAfter), {
      retryAfter: result.retryAfter,
      // This requester was mailed a code moments ago: the page can go straight to the code step.
      codeSent: result.refused.includes(cooldown(email, purpose, requester(ctx)).key),
    });
}

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
  coupon?: string;
  timeZone?: string;
}

/**
 * Creates the account (profile and settings rows come with it, see migration 0001) and mails the
 * verification code. The answer is the same for every e-mail; an address that already has an account
 * is mailed something useful instead: a sign-in code (verified) or a fresh verification code.
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
  if (existing) {
    const type = existing.emailVerified ? 'sign-in' : 'email-verification';
    await codeMailNote.run({ accountExists: true }, () =>
      ctx.auth.api.sendVerificationOTP({ body: { email: input.email, type } }),
    );
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
  }
  return { email: input.email, coupon: input.coupon ?? null, monthsFree };
}

/**
 * Mails a code. For sign-in, an account whose e-mail is not verified yet gets a verification code
 * instead (signing in by code verifies it). A verified account never gets a verification code, and
 * unknown e-mails get the same answer and no mail.
 */
export async function sendCode(
  ctx: ServiceContext,
  input: { email: string; purpose: CodePurpose },
) {
  await enforceCodeSend(ctx, input.email, input.purpose);
  const existing = await findUser(ctx.db, input.email);
  if (!existing) return;
  const type = existing.emailVerified ? 'sign-in' : 'email-verification';
  if (input.purpose === 'verify' && type === 'sign-in') return;
  await ctx.auth.api.sendVerificationOTP({ body: { email: input.email, type } });
}

/**
 * The checks before a code is tried: per-client limits, and the account's pause after too many wrong
 * codes. The same for known and unknown e-mails.
 */
async function beforeCodeEntry(ctx: ServiceContext, email: string) {
  await enforce(ctx.db, codeVerifyLimits(requester(ctx)), { now: ctx.now() });
  const paused = await peek(ctx.db, codeFailureLimit(email), ctx.now());
  if (!paused.allowed)
    throw new AppError('rate_limited', msg.codeEntryPaused(Math.ceil(paused.retryAfter / 60)), {
      retryAfter: paused.retryAfter,
    });
}

/** Counts a wrong code against the account; the first time it crosses the threshold, mails the owner. */
async function codeFailed(ctx: ServiceContext, email: string, known: boolean): Promise<never> {
  const limit = codeFailureLimit(email);
  const counted = await hit(ctx.db, limit, ctx.now());
  if (known && counted.count === limit.max) {
    void ctx.mailer.send(codeLockoutMail({ to: email, minutes: limit.windowSeconds / 60 }));
  }
  throw new AppError('bad_request', msg.verifyCodeFailed);
}

/**
 * The account's first verification, once: claims profiles.verified_at, then in the same transaction
 * makes ADMIN_EMAILS admins, redeems the coupon and accepts the invite. Nothing is granted twice: a
 * second verification finds verified_at set.
 */
async function firstVerification(
  ctx: ServiceContext,
  input: { userId: string; email: string; coupon?: string; invite?: string },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    // One conditional update: of two racing verifications, only one finds verified_at empty.
    const claimed = await ctx.db
      .update(profiles)
      .set({ verifiedAt: ctx.now() })
      .where(and(eq(profiles.id, input.userId), isNull(profiles.verifiedAt)))
      .returning({ id: profiles.id });
    if (claimed.length === 0) return 0;
    let monthsFree = 0;
    if (input.coupon)
      monthsFree += await redeemCoupon(ctx, { code: input.coupon, userId: input.userId });
    if (input.invite)
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

/** Verifies the sign-up code, signs the member in, and on the first verification grants free months. */
export async function verifyEmail(
  ctx: ServiceContext,
  input: { email: string; code: string; coupon?: string; invite?: string },
): Promise<SignedIn & { monthsFree: number }> {
  await beforeCodeEntry(ctx, input.email);
  const existing = await findUser(ctx.db, input.email);
  const result = await ctx.auth.api
    .verifyEmailOTP({
      body: { email: input.email, otp: input.code },
      headers: authHeaders(ctx),
      returnHeaders: true,
    })
    .catch(() => null);
  if (!result?.response?.user) return codeFailed(ctx, input.email, Boolean(existing));
  const userId = result.response.user.id;
  const monthsFree = await firstVerification(ctx, { ...input, userId });
  await applyAdminEmails(ctx, userId, input.email);
  return { monthsFree, cookies: result.headers?.getSetCookie() ?? [] };
}

/** Signs in with a mailed code. Wrong, expired, used or unknown: one message, the same work, nothing else. */
export async function signInWithCode(
  ctx: ServiceContext,
  input: { email: string; code: string },
): Promise<SignedIn> {
  await beforeCodeEntry(ctx, input.email);
  const existing = await findUser(ctx.db, input.email);
  const body = { email: input.email, otp: input.code };
  // Unknown e-mails go through the same better-auth call (it finds no code) and the same failure count.
  const result =
    existing && !existing.emailVerified
      ? await ctx.auth.api
          .verifyEmailOTP({ body, headers: authHeaders(ctx), returnHeaders: true })
          .catch(() => null)
      : await ctx.auth.api
          .signInEmailOTP({ body, headers: authHeaders(ctx), returnHeaders: true })
          .catch(() => null);
  if (!result?.response?.user) return codeFailed(ctx, input.email, Boolean(existing));
  await applyAdminEmails(ctx, result.response.user.id, input.email);
  return { cookies: result.headers?.getSetCookie() ?? [] };
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
