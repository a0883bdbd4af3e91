import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminInvitePasswordSchema,
  emailSchema,
  inviteTokenSchema,
  optionalCouponCode,
  signInEmailSchema,
  signUpSchema,
  timeZoneSchema,
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
import { jsonBody, parseWith } from '../../lib/validate';
import { currentUser, setCookies, setSessionCookie } from '../../lib/session';
import { serviceContext } from '../../lib/request-context';
import { acceptAdminInvite, getAdminInviteProfile } from './admin-invite';
import { sendCode, signInWithCode, signOut, signUp, verifyEmail } from './service';

const tokenSchema = z
  .string({ error: msg.adminInviteInvalid })
  .trim()
  .min(16, { error: msg.adminInviteInvalid })
  .max(200);

export const accountRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: await currentUser(c) } satisfies SessionResponse);
  })
  .post('/sign-up', async (c) => {
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    // The browser's time zone is a hint: an unknown name falls back to the default, it never blocks sign-up.
    if (!isValidTimeZone(raw.timeZone)) delete raw.timeZone;
    const input = parseWith(signUpSchema, raw);
    const result = await signUp(await serviceContext(c), input);
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
      }),
    );
    const { cookies, monthsFree } = await verifyEmail(await serviceContext(c), input);
    setCookies(c, cookies);
    return c.json({ ok: true, monthsFree } satisfies VerifyEmailResponse);
  })
  .post('/sign-in', async (c) => {
    const input = await jsonBody(c, verifyCodeSchema);
    setCookies(c, (await signInWithCode(await serviceContext(c), input)).cookies);
    return c.json({ ok: true } satisfies OkResponse);
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
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    // The browser's zone, as at sign-up: a hint that never blocks the password (decision 0033).
    if (!isValidTimeZone(raw.timeZone)) delete raw.timeZone;
    const input = parseWith(
      adminInvitePasswordSchema.extend({ token: tokenSchema, timeZone: timeZoneSchema.optional() }),
      raw,
    );
    const { isAdmin, sessionToken } = await acceptAdminInvite(await serviceContext(c), input);
    await setSessionCookie(c, sessionToken);
    return c.json({ ok: true, isAdmin } satisfies AdminInviteAccepted);
  });
