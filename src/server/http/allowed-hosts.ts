import type { MiddlewareHandler } from 'hono';
import { msg } from '@shared/messages';
import { normalizeHost, type Config } from '../lib/config';
import type { AppEnv } from '../lib/deps';
import type { ErrorBody } from '../lib/errors';
import { errorAnswer } from './problem';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Answered whatever the Host: a container's health probe and a Prometheus scrape name the pod's
 * address, not PUBLIC_URL (/metrics has its own guard, decision 0079).
 */
const ANY_HOST_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

const isLoopback = (host: string) => LOOPBACK.includes(host) || host.endsWith('.localhost');

/** The hostnames this server answers for: PUBLIC_URL's, ALLOWED_HOSTS, and loopback when PUBLIC_URL is. */
export function allowedHostnames(config: Pick<Config, 'publicUrl' | 'allowedHosts'>): Set<string> {
  const own = normalizeHost(new URL(config.publicUrl).host);
  const hosts = new Set([own, ...config.allowedHosts]);
  if (isLoopback(own)) for (const host of LOOPBACK) hosts.add(host);
  return hosts;
}

/**
 * Refuses a request naming another host, before any route sees it (421 Misdirected Request). A DNS
 * rebinding page, whose own name has been pointed at this server, sends that name as Host and stops here.
 */
export function allowedHosts(
  config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
): MiddlewareHandler<AppEnv> {
  const allowed = allowedHostnames(config);
  return async (c, next) => {
    if (ANY_HOST_PATHS.has(c.req.path)) return next();
    // The Host header as sent; app.request() in tests sends none, and its URL says localhost.
    const host = normalizeHost(c.req.header('host') ?? new URL(c.req.url).host);
    if (allowed.has(host)) return next();
    const body: ErrorBody = {
      code: 'misdirected_request',
      message: msg.unknownHost,
      requestId: c.get('requestId') ?? 'unknown',
    };
    // Under /api/v1, problem details like every other answer there (decision 0044).
    return errorAnswer(c, body, 421);
  };
}
