import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing API call: a browser says where a request
 * comes from (Sec-Fetch-Site, Origin); anything from another site is refused before it reaches a route.
 * SameSite=Lax cookies are the second line.
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site')
        throw new AppError('forbidden', 'Cross-site requests are not allowed.');
      const origin = c.req.header('origin');
      if (origin) {
        const self = new URL(c.req.url).origin;
        if (origin !== allowed && origin !== self) {
          throw new AppError('forbidden', 'Cross-site requests are not allowed.');
        }
      }
    }
    await next();
  };
}
