import { ApiError } from '@client/lib/api-client';

export interface CodeCooldown {
  /** Whole seconds until a code may be asked for again. */
  retryAfter: number;
  /** A live code was mailed to this address moments ago: the member can go on and enter it. */
  codeSent: boolean;
}

/**
 * Reads a refused code request: the server answers 429 with `details.retryAfter` (seconds) and
 * `details.codeSent`. Null for every other failure, which the screen reports as usual.
 */
export function codeCooldown(error: unknown): CodeCooldown | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const { retryAfter, codeSent } = error.details;
  if (typeof retryAfter !== 'number' || !Number.isFinite(retryAfter) || retryAfter <= 0)
    return null;
  return { retryAfter: Math.ceil(retryAfter), codeSent: codeSent === true };
}
