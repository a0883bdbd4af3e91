import { CODE_LENGTH } from '@shared/constants';

/**
 * The paths with a secret in them: the segment after each of these runs of segments is a link's token.
 * A buddy invite's page and check (/invite/<token>, /api/invites/<token>), a crew invite's page,
 * preview and join (/crews/join/<token>, /api/crew-invites/<token>[/join]) and a data export's
 * download (/api/account/export/<token>). redact-routes.db.test.ts walks the app's routes and the page
 * manifest: a new path parameter has to be called a secret (and be covered here) or not.
 */
const SECRET_AFTER: readonly (readonly string[])[] = [
  ['invite'],
  ['invites'],
  ['crews', 'join'],
  ['crew-invites'],
  ['account', 'export'],
];

/** Looks like a random token (ours are 32 base64url characters); only in links we mailed. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;

const CODE = new RegExp(`\\b\\d{${CODE_LENGTH}}\\b`, 'g');
const CODE_MASK = '•'.repeat(CODE_LENGTH);
/** A link in plain text, without the sentence's closing punctuation. */
const LINK = /https?:\/\/[^\s<>"'()]*[^\s<>"'().,;:!?]/g;

/** Whether the segment at `i` comes right after one of SECRET_AFTER's runs (any letter case). */
function followsSecretRun(segments: string[], i: number): boolean {
  return SECRET_AFTER.some(
    (run) =>
      i >= run.length &&
      run.every((name, k) => segments[i - run.length + k]?.toLowerCase() === name),
  );
}

/** A request path for the log: the token in a path with a secret (SECRET_AFTER) becomes '…'. */
export function redactPath(pathname: string): string {
  const segments = pathname.split('/');
  return segments.map((s, i) => (s && followsSecretRun(segments, i) ? '…' : s)).join('/');
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
