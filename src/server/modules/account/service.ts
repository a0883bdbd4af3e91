import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { isValidTimeZone } from '@shared/domain/local-date';
import { couponMessage } from '@shared/domain/coupon-status';
import { RESEND_COOLDOWN_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CLIENT_IP_HEADER } from '../../lib/auth';
import { clientIp } from '../../lib/client-ip';
import { hitAll, type Limit } from '../../lib/rate-limit';
import { forwardCookies } from '../../lib/session';
import { redeemCoupon, validateCoupon } from '../coupons/service';
import { grantFreeMonths } from '../subscription/service';
import { acceptInvite } from '../invites/service';

const HOUR = 60 * 60;

/** Limits on asking for codes: a 30 s cooldown and an hourly cap per e-mail, and an hourly cap per client. */
export function codeSendLimits(email: string, ip: string): Limit[] {
  return [
    { key: `code-send:cooldown:${email}`, max: 1, windowSeconds: RESEND_COOLDOWN_SECONDS },
    { key: `code-send:email:${email}`, max: 10, windowSeconds: HOUR },
    { key: `code-send:ip:${ip}`, max: 30, windowSeconds: HOUR },
  ];
}

/** Limits on entering codes, per client: on top of the 5 tries each code allows. */
export function codeVerifyLimits(ip: string): Limit[] {
  return [{ key: `code-verify:ip:${ip}`, max: 30, windowSeconds: 10 * 60 }];
}

export function signUpLimits(ip: string): Limit[] {
  return [{ key: `sign-up:ip:${ip}`, max: 10, windowSeconds: HOUR }];
}

export async function enforce(
  db: DbOrTx,
  limits: Limit[],
  message?: (retryAfter: number) => string,
) {
  const result = await hitAll(db, limits);
  if (!result.allowed) {
    throw new AppError('rate_limited', message ? message(result.retryAfter) : msg.tooManyRequests, {
      retryAfter: result.retryAfter,
    });
  }
}

/** Headers for calls into better-auth: the cookie, and our client-IP header (never the client's own). */
export function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, clientIp(c, c.get('deps').config.trustProxy));
  return headers;
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
 * verification code. The answer is the same whether or not the e-mail already had an account.
 */
export async function signUp(c: Context<AppEnv>, input: SignUpInput) {
  const { db, auth } = c.get('deps');
  const ip = clientIp(c, c.get('deps').config.trustProxy);
  let monthsFree = 0;
  if (input.coupon) {
    const coupon = await validateCoupon(db, input.coupon);
    if (!coupon.ok)
      throw new AppError('validation_failed', couponMessage(coupon.reason), {
        fields: { coupon: couponMessage(coupon.reason) },
      });
    monthsFree = coupon.monthsFree;
  }
  await enforce(db, signUpLimits(ip));
  await enforce(db, codeSendLimits(input.email, ip).slice(0, 1), msg.waitBeforeNewCode);
  try {
    await auth.api.signUpEmail({
      body: {
        name: input.displayName,
        email: input.email,
        password: input.password,
        timeZone: input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : undefined,
      },
      headers: authHeaders(c),
    });
  } catch (error) {
    c.get('deps').logger.warn({ err: error }, 'sign-up refused by auth');
    throw new AppError('bad_request', msg.sendVerificationCodeFailed);
  }
  return { email: input.email, coupon: input.coupon ?? null, monthsFree };
}

async function findUser(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * Mails a code. For sign-in, an account whose e-mail is not verified yet gets a verification code
 * instead (signing it in by code verifies it). Unknown e-mails get the same answer and no mail.
 */
export async function sendCode(c: Context<AppEnv>, email: string, purpose: 'sign-in' | 'verify') {
  const { db, auth, config } = c.get('deps');
  await enforce(db, codeSendLimits(email, clientIp(c, config.trustProxy)), msg.waitBeforeNewCode);
  const existing = await findUser(db, email);
  const type =
    purpose === 'verify' || (existing && !existing.emailVerified)
      ? 'email-verification'
      : 'sign-in';
  await auth.api.sendVerificationOTP({ body: { email, type } });
}

async function afterSignIn(db: DbOrTx, adminEmails: string[], userId: string, email: string) {
  if (adminEmails.includes(email.toLowerCase())) {
    await db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, userId));
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, userId));
  }
}

/** Verifies the sign-up code, signs the member in, and applies a coupon's free months. */
export async function verifyEmail(
  c: Context<AppEnv>,
  input: { email: string; code: string; coupon?: string; invite?: string },
) {
  const { db, auth, config } = c.get('deps');
  await enforce(db, codeVerifyLimits(clientIp(c, config.trustProxy)));
  const result = await auth.api
    .verifyEmailOTP({
      body: { email: input.email, otp: input.code },
      headers: authHeaders(c),
      returnHeaders: true,
    })
    .catch(() => null);
  if (!result?.response?.user) throw new AppError('bad_request', msg.verifyCodeFailed);
  forwardCookies(c, result.headers);
  const userId = result.response.user.id;
  await afterSignIn(db, config.adminEmails, userId, input.email);
  let monthsFree = 0;
  if (input.coupon) {
    const granted = await redeemCoupon(db, input.coupon);
    if (granted) {
      await grantFreeMonths(db, userId, granted);
      monthsFree = granted;
    }
  }
  if (input.invite) monthsFree += await acceptInvite(db, input.invite, userId);
  return { monthsFree };
}

/** Signs in with a mailed code. Wrong, expired, used or unknown: one message, nothing else. */
export async function signInWithCode(c: Context<AppEnv>, input: { email: string; code: string }) {
  const { db, auth, config } = c.get('deps');
  await enforce(db, codeVerifyLimits(clientIp(c, config.trustProxy)));
  const existing = await findUser(db, input.email);
  if (!existing) throw new AppError('bad_request', msg.verifyCodeFailed);
  const body = { email: input.email, otp: input.code };
  const result = existing.emailVerified
    ? await auth.api
        .signInEmailOTP({ body, headers: authHeaders(c), returnHeaders: true })
        .catch(() => null)
    : await auth.api
        .verifyEmailOTP({ body, headers: authHeaders(c), returnHeaders: true })
        .catch(() => null);
  if (!result?.response?.user) throw new AppError('bad_request', msg.verifyCodeFailed);
  forwardCookies(c, result.headers);
  await afterSignIn(db, config.adminEmails, result.response.user.id, input.email);
}

/** Revokes the session on the server and clears the cookie; succeeds even when already signed out. */
export async function signOut(c: Context<AppEnv>) {
  const { auth } = c.get('deps');
  const result = await auth.api
    .signOut({ headers: authHeaders(c), returnHeaders: true })
    .catch(() => null);
  if (result) {
    forwardCookies(c, result.headers);
    return;
  }
  const ctx = await auth.$context;
  deleteCookie(c, ctx.authCookies.sessionToken.name, { path: '/' });
}
