import type { MiddlewareHandler } from 'hono';
import { msg } from '@shared/messages';
import { isSubscribed } from '@shared/domain/subscription';
import type { AppEnv } from '../lib/deps';
import { AppError } from '../lib/errors';
import { currentUser } from './session';
import { subscriptionRow } from '../queries/subscription';

/**
 * API areas an unsubscribed member keeps with REQUIRE_SUBSCRIPTION on: signing in and out, their
 * account (export, deletion), settings, profile and language (Settings → Connections too: a token they fear has
 * leaked is listed and revoked without paying first, decision 0097), billing itself, coupons and invite
 * checks, and health. The browser's report reads no session at all (decision 0040), so the gate does
 * not read one for it either. Everything else under /api (check-ins, feed, cycle, community, media,
 * workouts, any route added later) needs an active or trialing subscription.
 */
const OPEN_PREFIXES = [
  '/api/health',
  '/api/ready',
  '/api/auth',
  '/api/account',
  '/api/subscription',
  '/api/coupons',
  '/api/invites',
  '/api/profile',
  '/api/settings',
  '/api/language',
  '/api/connections',
  '/api/avatars',
  '/api/admin',
  '/api/client-reports',
];

function isOpen(path: string): boolean {
  return OPEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * REQUIRE_SUBSCRIPTION (decision 0018): off by default, as the spec lets unsubscribed members in. When
 * on, a signed-in member without an active or trialing subscription gets 403 from member API routes;
 * admins always pass, and signed-out callers go on to the route's own 401.
 */
export const subscriptionGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  if (!deps.config.requireSubscription || isOpen(c.req.path)) return next();
  const member = await currentUser(c);
  if (!member || member.isAdmin) return next();
  const row = await subscriptionRow(deps.db, member.userId);
  if (!isSubscribed(row?.status)) throw new AppError('forbidden', msg.subscriptionRequired);
  return next();
};
