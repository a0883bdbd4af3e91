import type { Context } from 'hono';
import { INVITE_FREE_MONTHS } from '@shared/constants';
import { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN, INVITE_TOKEN_PATTERN } from '@shared/invite-page';
import { pagePath } from '@shared/pages';
import { checkInvite } from '../modules/invites/service';
import type { AppEnv } from '../lib/deps';
import { AppError } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { serviceContext } from '../http/request-context';

/** What the invite page shows for a token (decision 0022). */
export type InvitePageState =
  | { state: 'valid'; token: string; inviterName: string }
  | { state: 'invalid' }
  /** Not checked (too many checks from this address, or the check failed): the browser checks it. */
  | { state: 'unchecked'; status: 429 | 503; retryAfter?: number };

/** The token in the last segment of /invite/<segment>, decoded once; null when it cannot be one. */
export function inviteToken(segment: string): string | null {
  let token: string;
  try {
    token = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return INVITE_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * Checks the invite of /invite/<segment> with the invite-check service, so under the same limit as
 * GET /api/invites/:token (one bucket per client address for both: the page is no way round it). A
 * segment that cannot be a token is invalid without a lookup, as in the API.
 */
export async function checkInvitePage(
  c: Context<AppEnv>,
  segment: string,
): Promise<InvitePageState> {
  const token = inviteToken(segment);
  if (!token) return { state: 'invalid' };
  try {
    const result = await checkInvite(await serviceContext(c), { token });
    if (!result.ok) return { state: 'invalid' };
    // The page was built for this many free months; another number is the browser's to show.
    if (result.monthsFree !== INVITE_FREE_MONTHS) return { state: 'unchecked', status: 503 };
    return { state: 'valid', token, inviterName: result.inviterName };
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      const retryAfter = Number(error.details?.retryAfter);
      return {
        state: 'unchecked',
        status: 429,
        retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
      };
    }
    c.get('deps').logger.error(
      { err: error, requestId: c.get('requestId') },
      'invite page: check failed',
    );
    return { state: 'unchecked', status: 503 };
  }
}

const PLACEHOLDERS = new RegExp(`${INVITE_PAGE_INVITER}|${INVITE_PAGE_TOKEN}`, 'g');

/**
 * The prerendered valid invite page with the inviter's name (HTML-escaped) and the token
 * (URL-encoded, then escaped) in place of the placeholders, in one pass: a name that holds a
 * placeholder, `$&` or `$1` stays the text it is.
 */
export function fillInvitePage(template: string, inviterName: string, token: string): string {
  const values: Record<string, string> = {
    [INVITE_PAGE_INVITER]: escapeHtml(inviterName),
    [INVITE_PAGE_TOKEN]: escapeHtml(encodeURIComponent(token)),
  };
  return template.replace(PLACEHOLDERS, (placeholder) => values[placeholder]);
}

/** The invalid page's language menu leads back here: the prerendered page has the placeholder. */
const INVALID_BACK = `name="back" value="${pagePath('invite', { token: INVITE_PAGE_TOKEN })}"`;

/**
 * The prerendered invalid invite page with its language menu leading back to the address asked
 * for, so the visitor sees the same answer in the language they chose; a segment that cannot be a
 * token leads Home instead (it is not written into the page).
 */
export function fillInvalidInvitePage(template: string, segment: string): string {
  const token = inviteToken(segment);
  const back = escapeHtml(token ? pagePath('invite', { token }) : pagePath('landing'));
  return template.replace(INVALID_BACK, () => `name="back" value="${back}"`);
}
