import { and, eq, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { isValidTimeZone } from '@shared/domain/local-date';
import { couponMessage } from '@shared/domain/coupon-status';
import { displayNameFromEmail } from '@shared/domain/display';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { account, consents, healthProfile, profiles, user, userSettings } from '../../db/schema';
import { newToken } from '../../lib/tokens';
import { AppError } from '../../lib/errors';
import {
  authInTransaction,
  CLIENT_IP_HEADER,
  codeMailNote,
  hashPassword,
  sessionCookieSettings,
  storedCode,
} from '../../lib/auth';
import { codeLockoutMail } from '../../lib/mail-templates/account';
import { afterCommit, withTransaction, type ServiceContext } from '../../lib/context';
import { audit } from '../../lib/audit';
import { enforce, forget, hit, peek } from '../../lib/rate-limit';
import { redeemCoupon, validateCoupon } from '../coupons/service';
import { acceptInvite } from '../invites/service';
import { openPendingSignUp, sealPendingSignUp, type PendingSignUp } from './pending-sign-up';
import {
  codeFailureLimit,
  codeMailCeiling,
  codeSendLimits,
  codeVerifyLimits,
  cooldown,
  signUpLimits,
  type CodePurpose,
} from './limits';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';

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
  note: { accountExists: boolean } = { accountExists: false },
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
 * address (decision 0015). A new address gets a bare account to verify; an address that already
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
  if (existing?.emailVerified) {
    await mailCode(ctx, input.email, 'sign-in', { accountExists: true });
  } else {
    if (!existing) await createUnprovenAccount(ctx, input.email);
    await mailCode(ctx, input.email, 'email-verification', { accountExists: Boolean(existing) });
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

/**
 * Counts a wrong code against the account (inside the code entry's transaction); the mail to the
 * owner and the refusal come after the commit (codeRefused).
 */
async function countWrongCode(ctx: ServiceContext, email: string): Promise<number> {
  return (await hit(ctx.db, codeFailureLimit(email), ctx.now())).count;
}

/** A wrong code, counted: the first time the count crosses the threshold, mails the owner. */
function codeRefused(ctx: ServiceContext, email: string, known: boolean, count: number): never {
  const limit = codeFailureLimit(email);
  if (known && count === limit.max) {
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
 * The first proof of the address starts the account afresh (decision 0015): nothing chosen before it
 * survives unless the owner chose it. With the sign-up this browser made for this address, the
 * account takes that sign-up's name, password, time zone and terms acceptance; otherwise it gets the
 * e-mail's local part as its name, no password, the proving browser's time zone (or the default) and
 * no recorded acceptance. An account an administrator made keeps what the administrator chose (its
 * names and admin flag) and takes no sign-up at all. Settings, consents and the health profile go
 * back to their defaults. Runs inside the transaction that claims the first verification.
 */
export async function startAfresh(
  ctx: ServiceContext,
  input: {
    userId: string;
    email: string;
    invitedByAdmin: boolean;
    pending: PendingSignUp | null;
    timeZone?: string;
  },
): Promise<void> {
  const now = ctx.now();
  const pending = input.invitedByAdmin ? null : input.pending;
  const zone = [pending?.timeZone, input.timeZone].find((z) => z && isValidTimeZone(z));
  if (!input.invitedByAdmin) {
    const name = pending?.displayName ?? displayNameFromEmail(input.email);
    await ctx.db.update(user).set({ name, updatedAt: now }).where(eq(user.id, input.userId));
    await ctx.db
      .update(profiles)
      .set({
        displayName: name,
        firstName: null,
        lastName: null,
        country: null,
        avatarUrl: null,
        unitPref: sql`default`,
        healthIntakeSkippedAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.id, input.userId));
  }
  await ctx.db.update(profiles).set({ signupCoupon: null }).where(eq(profiles.id, input.userId));
  await ctx.db
    .delete(account)
    .where(and(eq(account.userId, input.userId), eq(account.providerId, 'credential')));
  if (pending)
    await ctx.db.insert(account).values({
      id: newToken(),
      userId: input.userId,
      providerId: 'credential',
      accountId: input.userId,
      password: pending.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  await ctx.db.delete(userSettings).where(eq(userSettings.userId, input.userId));
  await ctx.db.insert(userSettings).values({ userId: input.userId, timezone: zone });
  await ctx.db.delete(consents).where(eq(consents.userId, input.userId));
  await ctx.db.insert(consents).values({
    userId: input.userId,
    tosAcceptedAt: pending ? new Date(pending.termsAcceptedAt) : null,
  });
  await ctx.db.delete(healthProfile).where(eq(healthProfile.userId, input.userId));
  // Name, photo, units and time zone are part of the member's session.
  forgetSessionsAfterCommit(ctx);
}

/**
 * The account's first verification, once: claims profiles.verified_at, starts the account afresh
 * (startAfresh), then in the same transaction redeems the coupon (the one given now, or at this
 * browser's sign-up) and accepts the buddy invite (the one whose link was followed, or else the
 * newest one sent to this address). Nothing is granted twice: a second verification finds
 * verified_at set. It runs whichever page verified the address.
 */
async function firstVerification(
  ctx: ServiceContext,
  input: {
    userId: string;
    email: string;
    coupon?: string;
    invite?: string;
    timeZone?: string;
    pending: PendingSignUp | null;
    /** The address was proven before this code (an account marked verified without verified_at). */
    addressAlreadyProven: boolean;
  },
): Promise<number> {
  return withTransaction(ctx, async (ctx) => {
    // The row is locked: of two racing verifications, the second waits and then finds verified_at set.
    const [profile] = await ctx.db
      .select({
        verifiedAt: profiles.verifiedAt,
        invitedByAdmin: sql<boolean>`${profiles.adminInviteTokenHash} is not null`,
      })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .for('update');
    if (!profile || profile.verifiedAt) return 0;
    await ctx.db
      .update(profiles)
      .set({ verifiedAt: ctx.now() })
      .where(eq(profiles.id, input.userId));
    // An address proven before (seeded or imported accounts) keeps its owner's account as it is.
    if (!input.addressAlreadyProven)
      await startAfresh(ctx, { ...input, invitedByAdmin: profile.invitedByAdmin });
    let monthsFree = 0;
    const coupon = input.coupon ?? (profile.invitedByAdmin ? undefined : input.pending?.coupon);
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
    if (changed.length) forgetSessionsAfterCommit(ctx);
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
  input: CodeEntry & { coupon?: string; invite?: string },
): Promise<SignedIn & { monthsFree: number }> {
  // One transaction for the checks, better-auth's verification and session, and the first
  // verification (issue 33: a sign-in costs one transaction, not ten). A wrong code commits too:
  // the code's used attempt and the account's failure count must stay counted.
  const outcome = await withTransaction(ctx, async (ctx) => {
    await beforeCodeEntry(ctx, input.email);
    const existing = await findUser(ctx.db, input.email);
    const body = { email: input.email, otp: input.code };
    const headers = authHeaders(ctx);
    const verify = async (): Promise<{
      headers: Headers;
      response: { user?: { id: string } | null };
    } | null> =>
      existing && !existing.emailVerified
        ? ctx.auth.api.verifyEmailOTP({ body, headers, returnHeaders: true }).catch(() => null)
        : ctx.auth.api.signInEmailOTP({ body, headers, returnHeaders: true }).catch(() => null);
    const { result, afterCommit: hooks } = await authInTransaction(ctx.auth, ctx.db, verify);
    for (const hook of hooks) afterCommit(ctx, hook);
    if (!result?.response?.user) {
      const count = await countWrongCode(ctx, input.email);
      return { signedIn: false as const, known: Boolean(existing), count };
    }
    // A verified address is part of the member's session.
    if (existing && !existing.emailVerified) forgetSessionsAfterCommit(ctx);
    // The code is used up: this requester's cooldowns, which only guard a live code, end with it.
    // (Only this requester's: a stranger's cooldown ending would tell them the address signed in.)
    for (const purpose of ['sign-in', 'verify'] as const)
      await forget(ctx.db, cooldown(input.email, purpose, requester(ctx)));
    const userId = result.response.user.id;
    const monthsFree = await firstVerification(ctx, {
      userId,
      email: input.email,
      coupon: input.coupon,
      invite: input.invite,
      timeZone: input.timeZone,
      pending: await openPendingSignUp(ctx, input.pendingSignUp, input.email),
      addressAlreadyProven: Boolean(existing?.emailVerified),
    });
    await applyAdminEmails(ctx, userId, input.email);
    return { signedIn: true as const, monthsFree, cookies: result.headers?.getSetCookie() ?? [] };
  });
  if (!outcome.signedIn) return codeRefused(ctx, input.email, outcome.known, outcome.count);
  return { monthsFree: outcome.monthsFree, cookies: outcome.cookies };
}

/**
 * A code as typed, with what the browser adds: its time zone (a hint) and the sealed sign-up it made
 * (its cookie), which count only at the address's first proof.
 */
export interface CodeEntry {
  email: string;
  code: string;
  timeZone?: string;
  pendingSignUp?: string;
}

/** The verify-email page: the code signs the member in; the first verification grants free months. */
export async function verifyEmail(
  ctx: ServiceContext,
  input: CodeEntry & { coupon?: string; invite?: string },
): Promise<SignedIn & { monthsFree: number }> {
  return enterCode(ctx, input);
}

/** The sign-in page's code step. */
export async function signInWithCode(ctx: ServiceContext, input: CodeEntry): Promise<SignedIn> {
  const { cookies } = await enterCode(ctx, input);
  return { cookies };
}

/** Revokes the session on the server and clears the cookie; succeeds even when already signed out. */
export async function signOut(ctx: ServiceContext): Promise<SignedIn> {
  const result = await ctx.auth.api
    .signOut({ headers: authHeaders(ctx), returnHeaders: true })
    .catch(() => null);
  // The session ends in every process's cache too (a signed-out caller has none to end, and so
  // cannot keep emptying every process's cache).
  if (ctx.actor.kind !== 'anonymous') forgetSessionsAfterCommit(ctx);
  if (result) return { cookies: result.headers?.getSetCookie() ?? [] };
  const { name } = await sessionCookieSettings(ctx.auth);
  return {
    cookies: [`${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`],
  };
}
