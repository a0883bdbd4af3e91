import { CODE_LENGTH } from '@shared/constants';

/** A path segment after one of these is an invite token: /invite/<token>, /api/invites/<token>. */
const TOKEN_AFTER = new Set(['invite', 'invites']);

/** Looks like a random token (ours are 32 base64url characters); only in links we mailed. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;

const CODE = new RegExp(`\\b\\d{${CODE_LENGTH}}\\b`, 'g');
const CODE_MASK = '•'.repeat(CODE_LENGTH);
/** A link in plain text, without the sentence's closing punctuation. */
const LINK = /https?:\/\/[^\s<>"'()]*[^\s<>"'().,;:!?]/g;

/** A request path for the log: the token of an invite path becomes '…'. */
export function redactPath(pathname: string): string {
  const segments = pathname.split('/');
  return segments
    .map((s, i) => (i > 0 && s && TOKEN_AFTER.has(segments[i - 1]) ? '…' : s))
    .join('/');
}

/** A link cut before its secret: the query goes, and so does any token-like path segment. */
export function redactLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return '…';
  }
  const path = redactPath(url.pathname)
    .split('/')
    .map((s) => (TOKEN_LIKE.test(s) ? '…' : s))
    .join('/');
  return `${url.origin}${path}${url.search ? '?…' : ''}`;
}

/** Mail text for the notification log: e-mailed codes masked and links cut before their tokens. */
export function redactSecrets(text: string): string {
  return text.replace(LINK, redactLink).replace(CODE, CODE_MASK);
}
