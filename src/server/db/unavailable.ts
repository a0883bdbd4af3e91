import { DrizzleQueryError } from 'drizzle-orm';

/**
 * Whether an error means the database cannot be reached or is going away (decision 0041), rather than
 * a fault of the request: the connection was refused, reset or timed out, the server is shutting down
 * or starting (SQLSTATE class 57P), a connection exception (class 08), the database refuses
 * connections, or the statement ran past `statement_timeout` (57014). Drizzle wraps the driver's
 * error: the causes are walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A socket error (ECONNRESET …) means the database only when it came through a query: S3, SMTP or
  // Stripe failing the same way is not the database being away.
  let throughQuery = false;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (e instanceof DrizzleQueryError) throughQuery = true;
    if (typeof code === 'string') {
      if (NODE_CODES.has(code) && throughQuery) return true;
      if (code.startsWith('57P') || code.startsWith('08')) return true;
      if (code === '57014' || code === '53300') return true; // statement timeout; too many connections
      if (
        code === '55000' &&
        typeof message === 'string' &&
        /(allow|accepting) connections/i.test(message)
      )
        return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** What node-postgres says, without a code, when a connection ends or cannot be had in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** How long a client should wait before trying again while the database is away (Retry-After, s). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
