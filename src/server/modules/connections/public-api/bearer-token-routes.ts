import type { MiddlewareHandler } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  API_FAILED_AUTH_PER_MINUTE,
  API_REQUESTS_PER_MINUTE,
  type ApiTokenScope,
} from '@shared/constants';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { clientIp } from '../../../http/client-ip';
import { createContext, type ServiceContext } from '../../../lib/context';
import type { AppEnv } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { hit } from '../../../lib/rate-limit';
import { subscriptionRow } from '../../../queries/subscription';
import { authenticateApiToken, type TokenHolder } from '../tokens';

// The bearer token in front of every /api/v1/me operation, and the service context it acts with.

type ApiEnv = { Variables: AppEnv['Variables'] & { holder: TokenHolder } };

/** The public API's Hono app: each request past the bearer token knows its token's holder. */
export type PublicApi = OpenAPIHono<ApiEnv>;

/**
 * The bearer token of every /api/v1/me request: a live token, within its own request limit, and (with
 * REQUIRE_SUBSCRIPTION) a member with an active plan. Failed checks count against the caller's
 * address, so guessing tokens is slow as well as hopeless (256 random bits).
 */
export const bearerToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const deps = c.get('deps');
  const now = new Date();
  const presented = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const holder = presented ? await authenticateApiToken(deps.db, presented, now) : null;
  if (!holder) {
    const ip = clientIp(c, deps.config.trustProxy);
    await limit(deps.db, `api:auth-failed:${ip}`, API_FAILED_AUTH_PER_MINUTE, now);
    c.header(
      'WWW-Authenticate',
      presented ? 'Bearer realm="StackDays", error="invalid_token"' : 'Bearer realm="StackDays"',
    );
    throw new AppError('unauthorized', presented ? msg.apiTokenInvalid : msg.apiTokenMissing);
  }
  await limit(deps.db, `api:token:${holder.tokenId}`, API_REQUESTS_PER_MINUTE, now);
  if (deps.config.requireSubscription) {
    const row = await subscriptionRow(deps.db, holder.user.userId);
    if (!isSubscribed(row?.status)) throw new AppError('forbidden', msg.subscriptionRequired);
  }
  c.set('holder', holder);
  await next();
};

/** Counts one request against a one-minute window; past `max`, 429 with Retry-After. */
async function limit(db: AppEnv['Variables']['deps']['db'], key: string, max: number, now: Date) {
  const result = await hit(db, { key, max, windowSeconds: 60 }, now);
  if (!result.allowed)
    throw new AppError('rate_limited', msg.apiRateLimited(result.retryAfter), {
      retryAfter: result.retryAfter,
    });
}

/** The service context of a token's request, once the token is known to hold `scope`. */
export async function tokenContext(
  c: Parameters<MiddlewareHandler<ApiEnv>>[0],
  scope: ApiTokenScope,
): Promise<ServiceContext> {
  const holder = c.get('holder');
  if (!holder.scopes.includes(scope)) {
    c.header(
      'WWW-Authenticate',
      `Bearer realm="StackDays", error="insufficient_scope", scope="${scope}"`,
    );
    throw new AppError('forbidden', msg.apiTokenScopeMissing(scope));
  }
  const deps = c.get('deps');
  // A plain member whatever their role, and no request headers: nothing here can reach a cookie.
  return createContext(deps, {
    actor: { kind: 'member', user: holder.user },
    requestId: c.get('requestId'),
    ip: clientIp(c, deps.config.trustProxy),
  });
}
