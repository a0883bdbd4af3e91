import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/deps';
import { actorFor, createContext, requireAdmin, type ServiceContext } from '../lib/context';
import { clientIp } from './client-ip';
import { currentUser } from './session';

/** The service context for this request: who is asking (from the session cookie), from where, and when. */
export async function serviceContext(c: Context<AppEnv>): Promise<ServiceContext> {
  const deps = c.get('deps');
  const user = await currentUser(c);
  return createContext(deps, {
    actor: actorFor(user),
    requestId: c.get('requestId'),
    ip: clientIp(c, deps.config.trustProxy),
    headers: c.req.raw.headers,
  });
}

/** A second fence in front of /api/admin/*: every admin service also checks requireAdmin itself. */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(await serviceContext(c));
  await next();
};
