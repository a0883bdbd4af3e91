import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminInvitePasswordSchema,
  emailSchema,
  signInEmailSchema,
  signUpSchema,
  verifyCodeSchema,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { isValidTimeZone } from '@shared/domain/local-date';
import type { AppEnv } from '../../lib/deps';
import { jsonBody, parseWith } from '../../lib/validate';
import { currentActor } from '../../lib/session';
import { acceptAdminInvite, getAdminInviteProfile } from './admin-invite';
import { sendCode, signInWithCode, signOut, signUp, verifyEmail } from './service';

const tokenSchema = z
  .string({ error: msg.adminInviteInvalid })
  .trim()
  .min(16, { error: msg.adminInviteInvalid })
  .max(200);
const optionalCoupon = z.string().trim().max(64).optional();

export const accountRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    const actor = await currentActor(c);
    return c.json({ user: actor });
  })
  .post('/sign-up', async (c) => {
    const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
    // The browser's time zone is a hint: an unknown name falls back to the default, it never blocks sign-up.
    if (!isValidTimeZone(raw.timeZone)) delete raw.timeZone;
    const input = parseWith(signUpSchema, raw);
    const result = await signUp(c, input);
    return c.json({ ok: true, ...result }, 201);
  })
  .post('/send-code', async (c) => {
    const input = await jsonBody(
      c,
      signInEmailSchema.extend({ purpose: z.enum(['sign-in', 'verify']).default('sign-in') }),
    );
    await sendCode(c, input.email, input.purpose);
    return c.json({ ok: true });
  })
  .post('/verify-email', async (c) => {
    const input = await jsonBody(
      c,
      verifyCodeSchema.extend({
        coupon: optionalCoupon,
        invite: z.string().trim().max(200).optional(),
      }),
    );
    const result = await verifyEmail(c, input);
    return c.json({ ok: true, ...result });
  })
  .post('/sign-in', async (c) => {
    const input = await jsonBody(c, verifyCodeSchema);
    await signInWithCode(c, input);
    return c.json({ ok: true });
  })
  .post('/sign-out', async (c) => {
    await signOut(c);
    return c.json({ ok: true });
  })
  .get('/admin-invite', async (c) => {
    const input = parseWith(z.object({ email: emailSchema, token: tokenSchema }), c.req.query());
    return c.json(await getAdminInviteProfile(c.get('deps').db, input.email, input.token));
  })
  .post('/admin-invite', async (c) => {
    const input = await jsonBody(c, adminInvitePasswordSchema.extend({ token: tokenSchema }));
    const result = await acceptAdminInvite(c, c.get('deps'), input);
    return c.json({ ok: true, ...result });
  });
