import { z } from 'zod';
import { LOCALES } from '@shared/i18n/locales';
import { sealer } from '../../lib/sealed';
import { scopeLocale } from '../../lib/locale';
import type { ServiceContext } from '../../lib/context';

/**
 * What a person chose at sign-up (name, password, time zone, coupon, the terms), sealed into a cookie
 * of the browser that signed up, never written to the account before the address is proven. The
 * first proof of the address applies it only when it comes from that browser, for that address
 * (decision 0072, "An account belongs to whoever proves the address"); any other first proof starts
 * the account afresh, so a stranger's sign-up for someone else's address leaves nothing behind.
 */
export const PENDING_SIGN_UP_COOKIE = 'stackdays.signup';
/** How long a sign-up waits for its code: a day (a code lives 10 minutes; re-sends renew it). */
export const PENDING_SIGN_UP_SECONDS = 24 * 60 * 60;
/** Sent only to the account routes that read it. */
export const PENDING_SIGN_UP_PATH = '/api/account';

const pendingSignUpSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  passwordHash: z.string(),
  timeZone: z.string().optional(),
  /** The browser's language at sign-up (its menu choice, else Accept-Language), issue 47. */
  language: z.enum(LOCALES).optional(),
  coupon: z.string().optional(),
  termsAcceptedAt: z.iso.datetime(),
  expiresAt: z.number(),
});
export type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

async function pendingSealer(ctx: ServiceContext) {
  return sealer(ctx.secret, 'pending sign-up');
}

export async function sealPendingSignUp(
  ctx: ServiceContext,
  input: Omit<PendingSignUp, 'expiresAt'>,
): Promise<string> {
  const expiresAt = ctx.now().getTime() + PENDING_SIGN_UP_SECONDS * 1000;
  const language = input.language ?? scopeLocale();
  return (await pendingSealer(ctx)).seal(JSON.stringify({ ...input, language, expiresAt }));
}

/** The sign-up this browser made for this address, if it is genuine and not expired; else null. */
export async function openPendingSignUp(
  ctx: ServiceContext,
  sealed: string | undefined,
  email: string,
): Promise<PendingSignUp | null> {
  if (!sealed) return null;
  try {
    const parsed = pendingSignUpSchema.safeParse(
      JSON.parse((await pendingSealer(ctx)).unseal(sealed)),
    );
    if (!parsed.success) return null;
    const pending = parsed.data;
    if (pending.email !== email.toLowerCase()) return null;
    if (pending.expiresAt <= ctx.now().getTime()) return null;
    return pending;
  } catch {
    // Sealed under another secret, changed, or not ours at all.
    return null;
  }
}
