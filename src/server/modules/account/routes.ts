import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  adminInvitePasswordSchema,
  emailSchema,
  finishSignUpSchema,
  inviteTokenSchema,
  optionalCouponCode,
  signInEmailSchema,
  signUpSchema,
  verifyCodeSchema,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { isValidTimeZone } from '@shared/domain/local-date';
import type {
  AdminInviteAccepted,
  OkResponse,
  SessionResponse,
  SignUpResponse,
  VerifyEmailResponse,
} from '@shared/api-types';
import type { AppEnv } from '../../lib/deps';
import { jsonBody, parseWith } from '../../http/validate';
import { currentUser, setCookies, setSessionCookie } from '../../http/session';
import { serviceContext } from '../../http/request-context';
import { acceptAdminInvite, getAdminInviteProfile } from './admin-invite';
import { signOut } from './service';
import { sendCode, signUp } from './sign-up';
import { signInWithCode, verifyEmail } from './code-entry';
import { finishSignUp } from './finish-sign-up';
import {
  PENDING_SIGN_UP_COOKIE,
  PENDING_SIGN_UP_PATH,
  PENDING_SIGN_UP_SECONDS,
} from './pending-sign-up';

const tokenSchema = z
  .string({ error: () => msg.adminInviteInvalid })
  .trim()
  .min(16, { error: () => msg.adminInviteInvalid })
  .max(200);

/** The browser's time zone is a hint: an unknown name is dropped, it never blocks a request. */
const timeZoneHint = z
  .unknown()
  .transform((value) => (isValidTimeZone(value) ? (value as string) : undefined))
  .optional();

/** The sign-up this browser made (sealed, decision 0072): read where a code is entered. */
const pendingSignUp = (c: Context<AppEnv>) => getCookie(c, PENDING_SIGN_UP_COOKIE);

/** After the address is proven, the sign-up has been used (or did not count): the cookie goes. */
function clearPendingSignUp(c: Context<AppEnv>) {
  if (pendingSignUp(c) !== undefined)
    deleteCookie(c, PENDING_SIGN_UP_COOKIE, { path: PENDING_SIGN_UP_PATH });
}

export const accountRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    return c.json({ user: await currentUser(c) } satisfies SessionResponse);
  })
  .post('/sign-up', async (c) => {
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    // The browser's time zone is a hint: an unknown name falls back to the default, it never blocks sign-up.
    if (!isValidTimeZone(raw.timeZone)) delete raw.timeZone;
    const input = parseWith(signUpSchema, raw);
    const { pendingSignUp: sealed, ...result } = await signUp(await serviceContext(c), input);
    setCookie(c, PENDING_SIGN_UP_COOKIE, sealed, {
      path: PENDING_SIGN_UP_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.get('deps').config.publicUrl.startsWith('https://'),
      maxAge: PENDING_SIGN_UP_SECONDS,
    });
    return c.json({ ok: true, ...result } satisfies SignUpResponse, 201);
  })
  .post('/send-code', async (c) => {
    const input = await jsonBody(
      c,
      signInEmailSchema.extend({ purpose: z.enum(['sign-in', 'verify']).default('sign-in') }),
    );
    await sendCode(await serviceContext(c), input);
    return c.json({ ok: true } satisfies OkResponse);
  })
  .post('/verify-email', async (c) => {
    const input = await jsonBody(
      c,
      verifyCodeSchema.extend({
        coupon: optionalCouponCode,
        invite: inviteTokenSchema.optional(),
        timeZone: timeZoneHint,
      }),
    );
    const { cookies, monthsFree } = await verifyEmail(await serviceContext(c), {
      ...input,
      pendingSignUp: pendingSignUp(c),
    });
    setCookies(c, cookies);
    clearPendingSignUp(c);
    return c.json({ ok: true, monthsFree } satisfies VerifyEmailResponse);
  })
  .post('/sign-in', async (c) => {
    const input = await jsonBody(c, verifyCodeSchema.extend({ timeZone: timeZoneHint }));
    const { cookies } = await signInWithCode(await serviceContext(c), {
      ...input,
      pendingSignUp: pendingSignUp(c),
    });
    setCookies(c, cookies);
    clearPendingSignUp(c);
    return c.json({ ok: true } satisfies OkResponse);
  })
  .post('/finish-sign-up', async (c) => {
    const input = await jsonBody(c, finishSignUpSchema);
    return c.json((await finishSignUp(await serviceContext(c), input)) satisfies OkResponse);
  })
  .post('/sign-out', async (c) => {
    setCookies(c, (await signOut(await serviceContext(c))).cookies);
    return c.json({ ok: true } satisfies OkResponse);
  })
  .get('/admin-invite', async (c) => {
    const input = parseWith(z.object({ email: emailSchema, token: tokenSchema }), c.req.query());
    return c.json(await getAdminInviteProfile(await serviceContext(c), input));
  })
  .post('/admin-invite', async (c) => {
    const input = await jsonBody(
      c,
      adminInvitePasswordSchema.extend({ token: tokenSchema, timeZone: timeZoneHint }),
    );
    const { isAdmin, sessionToken } = await acceptAdminInvite(await serviceContext(c), input);
    await setSessionCookie(c, sessionToken);
    return c.json({ ok: true, isAdmin } satisfies AdminInviteAccepted);
  });
