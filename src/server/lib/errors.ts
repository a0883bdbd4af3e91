import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const errorStatus = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/** The one error type services throw; the app maps it to `{ code, message, requestId }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  requestId: string;
  details?: Record<string, unknown>;
}
