import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';
import { msg } from '@shared/messages';

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
      if (site === 'cross-site') throw new AppError('forbidden', msg.crossSiteRefused);
      const origin = c.req.header('origin');
      // A page served with Referrer-Policy: no-referrer (one whose address holds an invite token)
      // posts its forms with `Origin: null`; the browser's own Sec-Fetch-Site still says it is ours.
      if (origin && !(origin === 'null' && site === 'same-origin')) {
        const self = new URL(c.req.url).origin;
        if (origin !== allowed && origin !== self) {
          throw new AppError('forbidden', msg.crossSiteRefused);
        }
      }
    }
    await next();
  };
}
