import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../lib/errors';

/** RFC 9457's media type for an error answer. */
export const PROBLEM_JSON = 'application/problem+json';

/** The public API's paths (decision 0044): its errors are problem details. */
export const PUBLIC_API_PREFIX = '/api/v1';
export const isPublicApiPath = (path: string) =>
  path === PUBLIC_API_PREFIX || path.startsWith(`${PUBLIC_API_PREFIX}/`);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** The error code a bare HTTP status stands for, when no service named one (Hono's own refusals). */
export function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'validation_failed',
    429: 'rate_limited',
  };
  return codes[status] ?? 'bad_request';
}

/**
 * An RFC 9457 problem: `type` (about:blank, so `title` is the status's own phrase), `title`, `status`
 * and `detail`, plus the fields every StackDays error has kept: `code`, `message` and `requestId`
 * (and `details` when a service gave them).
 */
export function problemBody(body: ErrorBody, status: number) {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: body.message,
    ...body,
  };
}

/** The error answer for this request: problem details under /api/v1, plain JSON elsewhere. */
export function errorAnswer(c: Context, body: ErrorBody, status: ContentfulStatusCode): Response {
  if (!isPublicApiPath(c.req.path)) return c.json(body, status);
  return c.body(JSON.stringify(problemBody(body, status)), status, {
    'Content-Type': PROBLEM_JSON,
  });
}
