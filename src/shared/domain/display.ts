import {
  AVATAR_FALLBACK_INITIAL,
  CAPTION_PREVIEW,
  CUSTOMER_ID_PREVIEW,
  DEFAULT_CAPTION,
} from '../constants';
import { msg } from '../messages';

const ELLIPSIS = '...';

/**
 * A post's caption as a reader sees it: the one stored, except the spec's default caption of a
 * check-in without a journal ('Daily check-in complete!'), which is stored in English and shown in
 * the reader's language (issue 47).
 */
export function shownCaption(caption: string): string {
  return caption === DEFAULT_CAPTION ? msg.defaultCaption : caption;
}

/** Admin post list: the first 50 characters plus an ellipsis, or 'No caption'. */
export function captionPreview(caption: string | null | undefined): string {
  const text = shownCaption(caption?.trim() ?? '');
  if (text.length === 0) return msg.noCaption;
  const chars = Array.from(text); // never split an emoji in half
  return chars.length > CAPTION_PREVIEW
    ? chars.slice(0, CAPTION_PREVIEW).join('') + ELLIPSIS
    : text;
}

/** Admin subscriptions list: the first 10 characters of the customer id plus an ellipsis. */
export function customerIdPreview(customerId: string | null | undefined): string {
  if (!customerId) return msg.notAvailable;
  return customerId.length > CUSTOMER_ID_PREVIEW
    ? customerId.slice(0, CUSTOMER_ID_PREVIEW) + ELLIPSIS
    : customerId;
}

/** The avatar menu letter: the display name's first character, or 'U'. */
export function avatarInitial(displayName: string | null | undefined): string {
  const first = Array.from(displayName?.trim() ?? '')[0];
  return first ? first.toUpperCase() : AVATAR_FALLBACK_INITIAL;
}

/** A profile created without a name takes the e-mail's local part ('sam.lee@x.com' -> 'sam.lee'). */
export function displayNameFromEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at > 0 ? trimmed.slice(0, at) : trimmed;
}

/** What a message calls a member: their first name, else their display name (mails, nudges). */
export function greetingName(
  firstName: string | null | undefined,
  displayName: string | null | undefined,
): string | null {
  return firstName?.trim() || displayName?.trim() || null;
}
