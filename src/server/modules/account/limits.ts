import {
  CODE_FAILURES_PER_ACCOUNT,
  CODE_FAILURE_WINDOW_MINUTES,
  RESEND_COOLDOWN_SECONDS,
} from '@shared/constants';
import type { Limit } from '../../lib/rate-limit';

const HOUR = 60 * 60;

export type CodePurpose = 'sign-in' | 'verify';

/**
 * Asking for a code. Counted per e-mail AND requester, so a stranger asking for someone else's codes
 * spends only their own allowance and never blocks the owner; re-sends mail the same live code, so the
 * owner's code keeps working, and codeMailCeiling stops a mail bomb from rotating addresses without
 * refusing anyone (decision 0015). Sign-in and verification have separate cooldowns.
 */
export function codeSendLimits(email: string, purpose: CodePurpose, ip: string): Limit[] {
  return [
    cooldown(email, purpose, ip),
    { key: `code-send:email-ip:${email}:${ip}`, max: 10, windowSeconds: HOUR },
    { key: `code-send:ip:${ip}`, max: 30, windowSeconds: HOUR },
  ];
}

/**
 * Mails per address, whoever asks. Past it, a request that would only re-send the live code (the
 * address already has it, many times over) mails nothing; a new code is always mailed, so strangers
 * asking can never keep the owner from getting a working code. Never a refusal.
 */
export function codeMailCeiling(email: string): Limit {
  return { key: `code-mail:email:${email}`, max: 20, windowSeconds: HOUR };
}

/** The 30-second cooldown for one purpose, one e-mail and one requester. */
export function cooldown(email: string, purpose: CodePurpose, ip: string): Limit {
  return {
    key: `code-send:cooldown:${purpose}:${email}:${ip}`,
    max: 1,
    windowSeconds: RESEND_COOLDOWN_SECONDS,
  };
}

/** Entering codes, per client: on top of the 5 tries each code allows. */
export function codeVerifyLimits(ip: string): Limit[] {
  return [{ key: `code-verify:ip:${ip}`, max: 30, windowSeconds: 10 * 60 }];
}

/**
 * Wrong codes per account, across codes: each new code brings 5 tries, so without this an account
 * could face about 50 guesses an hour forever. Counted per e-mail, known or not (same work).
 */
export function codeFailureLimit(email: string): Limit {
  return {
    key: `code-fail:email:${email}`,
    max: CODE_FAILURES_PER_ACCOUNT,
    windowSeconds: CODE_FAILURE_WINDOW_MINUTES * 60,
  };
}

export function signUpLimits(ip: string): Limit[] {
  return [{ key: `sign-up:ip:${ip}`, max: 10, windowSeconds: HOUR }];
}
