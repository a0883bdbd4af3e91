// The invite page (/invite/<token>) is rendered on the server with no script (decision 0022): the
// build prerenders its two states with these placeholders in place of the inviter's name and the
// token, and the server fills them in, escaped, for the token it has checked.

/** Invite tokens are 32 URL-safe characters; anything far off cannot be one (the API: 10..200). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,200}$/;

/** Stands for the token in the prerendered valid page (itself well-formed, so it renders as one). */
export const INVITE_PAGE_TOKEN = '__INVITE_TOKEN__';
/** Stands for the inviter's display name in the prerendered valid page. */
export const INVITE_PAGE_INVITER = '__INVITER_NAME__';
