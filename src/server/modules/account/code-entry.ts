import { msg } from '@shared/messages';
import { AppError } from '../../lib/errors';
import { authInTransaction } from '../../lib/auth';
import { runWithLocale, scopeLocale } from '../../lib/locale';
import { codeLockoutMail } from '../../lib/mail-templates/account';
import { afterCommit, withTransaction, type ServiceContext } from '../../lib/context';
import { enforce, forget, hit, peek } from '../../lib/rate-limit';
import { openPendingSignUp } from './pending-sign-up';
import { codeFailureLimit, codeVerifyLimits, cooldown } from './limits';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';
import { authHeaders, findUser, requester, type SignedIn } from './service';
import { applyAdminEmails, firstVerification } from './first-verification';

// Typing a mailed code, on the verify-email page or the sign-in page: the limits, the wrong-code
// count and its lockout mail, and the sign-in with the address's first verification.

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
function codeRefused(
  ctx: ServiceContext,
  email: string,
  owner: { known: boolean; language: string | null },
  count: number,
): never {
  const limit = codeFailureLimit(email);
  if (owner.known && count === limit.max) {
    // In the owner's language; one who never chose reads the request's (decision 0119).
    const mail = runWithLocale(owner.language ?? scopeLocale(), () =>
      codeLockoutMail(
        { to: email, minutes: limit.windowSeconds / 60 },
        { publicUrl: ctx.config.publicUrl },
      ),
    );
    void ctx.mailer.send(mail);
  }
  throw new AppError('bad_request', msg.verifyCodeFailed);
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
      return {
        signedIn: false as const,
        known: Boolean(existing),
        language: existing?.language ?? null,
        count,
      };
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
  if (!outcome.signedIn) return codeRefused(ctx, input.email, outcome, outcome.count);
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
