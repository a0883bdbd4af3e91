import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { BRIDGE_APPS, BRIDGE_MAX_BYTES } from '@shared/constants';
import { msg } from '@shared/messages';
import { AppError } from '../lib/errors';

/** The largest JSON (or other non-upload) body any /api route accepts. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Routes that stream their body to storage and count bytes themselves (lib/storage/ingest.ts, with
 * each upload kind's own limit). Every other /api route gets MAX_JSON_BYTES.
 */
export const STREAMING_UPLOAD_ROUTES = [
  '/api/checkins/:id/media',
  '/api/updates/:id/media',
  '/api/profile/avatar',
  '/api/progress-photos', // POST: a photo taken on the Photos tab (issue 46)
  '/api/admin/badges/:id/image',
];

/**
 * The phone bridges' ingest routes (issue 45): a day of an app's health export is larger than a form,
 * so these two, and only these, take bodies up to BRIDGE_MAX_BYTES (10 MB).
 */
export const BRIDGE_INGEST_ROUTES: readonly string[] = BRIDGE_APPS.map(
  (app) => `/api/v1/ingest/${app}`,
);

const tooLarge = () => {
  throw new AppError('payload_too_large', msg.requestTooLarge);
};

/**
 * Caps every /api body before a route reads it: a Content-Length over the limit is refused at once,
 * unread, and a chunked body is counted while it arrives and refused at the first byte over.
 *
 * A GET or HEAD skips the check, as it did inside Hono's bodyLimit (which lets through every request
 * whose fetch Request has no body, and a GET's never has one): no route reads a GET's body, and Node
 * discards what is sent without keeping it. Skipping it here saves asking for the body, which is what
 * made @hono/node-server build a full fetch Request (an AbortSignal and more) for every read, about a
 * tenth of the server's work on one (decision 0027).
 */
export function apiBodyLimit(): MiddlewareHandler {
  const limit = except(
    [...STREAMING_UPLOAD_ROUTES, ...BRIDGE_INGEST_ROUTES],
    byLengthOrCounted(MAX_JSON_BYTES),
  );
  const bridgeLimit = byLengthOrCounted(BRIDGE_MAX_BYTES);
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return BRIDGE_INGEST_ROUTES.includes(c.req.path) ? bridgeLimit(c, next) : limit(c, next);
  };
}

/**
 * Hono's bodyLimit, but a body that says its length (no transfer-encoding) is judged by it without
 * asking for the fetch Request's body, as bodyLimit itself judges it: asking built the whole Request
 * (an AbortSignal, a web stream over the socket) for every write, and the route then read its JSON
 * through that stream instead of straight from the socket (decision 0128). A chunked body is
 * counted by bodyLimit.
 */
function byLengthOrCounted(maxSize: number): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return counted(c, next);
    return parseInt(length || '0', 10) > maxSize ? tooLarge() : next();
  };
}
