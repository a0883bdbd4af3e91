import { Hono } from 'hono';
import type { AppEnv } from './deps';
import { AppError } from './errors';
import { CLIENT_IP_HEADER } from './auth';
import { clientIp } from './client-ip';

/**
 * better-auth's own handler, mounted for the few endpoints the product uses directly. Sign-up, codes and
 * sign-in go through /api/account, where our validation and database-backed limits apply; the rest of
 * better-auth's surface (password sign-in, admin endpoints, ...) is not exposed. Nor is get-session:
 * it answers with the raw session token, which the httpOnly cookie exists to keep from scripts
 * (the client reads /api/account/session).
 */
const EXPOSED = new Set(['POST /api/auth/sign-out', 'GET /api/auth/ok']);

export const authGateway = new Hono<AppEnv>().all('*', (c) => {
  if (!EXPOSED.has(`${c.req.method} ${c.req.path}`)) throw new AppError('not_found', 'Not found');
  const { auth, config } = c.get('deps');
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
  return auth.handler(new Request(c.req.raw, { headers }));
});
