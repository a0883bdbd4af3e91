import { Hono } from 'hono';
import type { AppEnv } from '../lib/deps';
import { msg } from '@shared/messages';
import { AppError } from '../lib/errors';
import { CLIENT_IP_HEADER } from '../lib/auth';
import { clientIp } from './client-ip';
import { forgetSessions } from '../lib/session-cache';
import { currentUser } from './session';

/**
 * better-auth's own handler, mounted for the few endpoints the product uses directly. Sign-up, codes and
 * sign-in go through /api/account, where our validation and database-backed limits apply; the rest of
 * better-auth's surface (password sign-in, admin endpoints, ...) is not exposed. Nor is get-session:
 * it answers with the raw session token, which the httpOnly cookie exists to keep from scripts
 * (the client reads /api/account/session).
 */
const EXPOSED = new Set(['POST /api/auth/sign-out', 'GET /api/auth/ok']);

export const authGateway = new Hono<AppEnv>().all('*', async (c) => {
  if (!EXPOSED.has(`${c.req.method} ${c.req.path}`)) throw new AppError('not_found', msg.notFound);
  const deps = c.get('deps');
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config.trustProxy));
  const signedIn = c.req.method === 'POST' && (await currentUser(c)) !== null;
  const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
  // better-auth's sign-out deletes the session outside our services: the caches forget it here.
  if (signedIn && response.ok) await forgetSessions(deps);
  return response;
});
