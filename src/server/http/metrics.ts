import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { getConnInfo } from '@hono/node-server/conninfo';
import { msg } from '@shared/messages';
import type { AppEnv } from '../lib/deps';
import type { ErrorBody } from '../lib/errors';
import { httpDuration, httpRequests, metricsRegistry } from '../lib/metrics';

// The metrics' HTTP side: each answer counted under its route's pattern, and GET /metrics.

/**
 * Counts every answer under the pattern of the route that gave it (`/api/posts/:id`, never the id),
 * so invite tokens and ids stay out of the labels. Unmatched paths fall under the catch-all's pattern.
 */
export const requestMetrics: MiddlewareHandler<AppEnv> = async (c, next) => {
  const end = httpDuration.startTimer();
  try {
    await next();
  } finally {
    const labels = {
      method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
      route: routePath(c) || 'unmatched',
      status: String(c.res.status),
    };
    end(labels);
    httpRequests.inc(labels);
  }
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A request a proxy passed on: its socket is the proxy's, maybe loopback, but the caller is anyone. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics. With METRICS_TOKEN set, only `Authorization: Bearer <token>` may read it (401
 * otherwise). Without it, only a direct connection from this machine's loopback, and never a
 * request that a proxy forwarded (403): a proxy on the same host would otherwise make every
 * visitor look local. Behind a proxy the operator declared (TRUST_PROXY), the token is required:
 * a proxy that adds no forwarding header would make every visitor look local too.
 */
export function metricsEndpoint(
  token: string | undefined,
  options: { behindProxy: boolean },
): MiddlewareHandler<AppEnv> {
  const expected = token ? digest(token) : null;
  return async (c) => {
    const refuse = (status: 401 | 403) => {
      const body: ErrorBody = {
        code: status === 401 ? 'unauthorized' : 'forbidden',
        message: msg.metricsForbidden,
        requestId: c.get('requestId') ?? 'unknown',
      };
      if (status === 401) c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(body, status);
    };
    if (expected) {
      const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) return refuse(401);
    } else {
      let remote: string | undefined;
      try {
        remote = getConnInfo(c).remote.address;
      } catch {
        remote = undefined; // no socket (an in-process request): not loopback
      }
      if (
        options.behindProxy ||
        !remote ||
        !LOOPBACK.has(remote) ||
        PROXY_HEADERS.some((h) => c.req.header(h))
      )
        return refuse(403);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metricsRegistry.metrics(), 200, {
      'Content-Type': metricsRegistry.contentType,
    });
  };
}
