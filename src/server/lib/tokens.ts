import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token for a link or an id (192 bits, base64url). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored of a link token: its SHA-256, so a database reader cannot use the link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An HMAC-SHA256 signature of `value` (base64url), for links that must not be forged. */
export function sign(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Whether `given` is `expected`, compared in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What an unsubscribe link turns off: the daily nudges, or the weekly review e-mail (decision 0049). */
export type UnsubscribeList = 'nudges' | 'weekly_review';

/**
 * The signature in a mail's unsubscribe link: the link's only authority (no cookie needed). Each
 * list signs its own value, so a nudge link cannot turn the weekly review off, nor the reverse.
 */
export function unsubscribeSignature(
  secret: string,
  userId: string,
  list: UnsubscribeList = 'nudges',
): string {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'stackdays unsubscribe v1', 32));
  return sign(key, list === 'nudges' ? `unsubscribe:${userId}` : `unsubscribe:${list}:${userId}`);
}
