import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address `hops` proxies back in an X-Forwarded-For list. Each proxy appends the address it
 * received the request from, so only the right-most entries were written by our proxies; everything
 * to their left came from the client and can be anything. With fewer entries than hops, the
 * furthest one (as Express's `trust proxy` does).
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * The client's address for rate limits. `trustProxy` is the number of our proxies that append to
 * X-Forwarded-For (config.trustProxy; 0 = none): then the entry the outermost of them added is the
 * client. Otherwise the header is ignored, because any caller can forge it, and the socket's address
 * is used (behind a proxy without TRUST_PROXY that is the proxy's, shared by every client).
 */
export function clientIp(c: Context, trustProxy: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
