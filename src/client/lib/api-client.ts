// The one way the client talks to the server: same-origin JSON with the httpOnly session cookie.
// Every failure becomes an ApiError; `fromServer` says whether `message` came in the server's own
// error body or is a stand-in for a network or proxy failure. Which words a member reads is decided
// by one rule, refusalReason: see the end of this file.

import { msg } from '@shared/messages';

export interface ApiErrorDetails {
  /** Seconds until a rate-limited call may be tried again (429). */
  retryAfter?: number;
  /** A refused code request (429): true when a live code was already mailed to that address. */
  codeSent?: boolean;
  /** Field name -> member-facing message (422). */
  fields?: Record<string, string>;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetails = {},
    readonly requestId: string | null = null,
    readonly fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isErrorBody(
  value: unknown,
): value is { code: string; message: string; requestId?: string; details?: ApiErrorDetails } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/**
 * How a request reaches the API: the browser's fetch, or, when the server renders a page
 * (render/server-entry.tsx), its own app in the same process, as the member whose page it is.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) =>
  fetch(url, init);

/** Server rendering only: set once, at the renderer's start. */
export function setApiTransport(next: typeof transport): void {
  transport = next;
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(withQuery(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', msg.unexpectedError, {}, null, false);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(payload)) {
      throw new ApiError(
        response.status,
        payload.code,
        payload.message,
        payload.details ?? {},
        payload.requestId ?? null,
      );
    }
    throw new ApiError(response.status, 'http_error', msg.unexpectedError, {}, null, false);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, options),
};

/**
 * The one rule for what a member reads when a call fails. A 4xx is the server refusing on purpose:
 * its sentence explains why (a wrong code, a cooldown, a full invite quota), so that is shown. A 5xx,
 * a network failure or a page that is not our JSON (a proxy's HTML error) explains nothing a member
 * can act on: the screen shows its own catalogue sentence instead ('Failed to reset cycle' ...).
 */
export function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError &&
    error.fromServer &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message
    ? error.message
    : undefined;
}

/** What to tell the member: the server's refusal (4xx), otherwise the screen's `fallback` from msg. */
export function errorMessage(error: unknown, fallback: string): string {
  return refusalReason(error) ?? fallback;
}

/** The server's message for one field of a 422, if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return error.details.fields?.[field];
}
