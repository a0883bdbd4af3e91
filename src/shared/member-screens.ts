// The member screens the server renders with their data (decisions 0029, 0031): for each, the API
// answers it is rendered with, in the order the guard and the screen ask for them. The server
// (lib/static-client.ts) reads them in its own process with the member's cookie; the page carries them
// in a JSON script element, from which the app fills its query cache before its first render
// (src/client/app/served-data.ts), so that render is the same screen.

/** The guard's answers, which every member screen needs first: who is signed in, and their plan. */
export const GUARD_DATA = ['/api/account/session', '/api/subscription'] as const;

export const SERVED_SCREENS = {
  '/app': [...GUARD_DATA, '/api/checkins/today'],
  '/app/feed': [...GUARD_DATA, '/api/feed', '/api/feed/buddies'],
  '/app/cycle': [...GUARD_DATA, '/api/cycle'],
  // The newest weekly review (decision 0048); an earlier week's address is the app's alone.
  '/app/review': [...GUARD_DATA, '/api/review'],
} as const satisfies Record<string, readonly string[]>;

export type ServedScreen = keyof typeof SERVED_SCREENS;
export type ServedUrl = (typeof SERVED_SCREENS)[ServedScreen][number];

/** Answers a screen is still rendered without: a failing buddy feed is ignored (spec). */
export const OPTIONAL_SERVED_DATA: readonly ServedUrl[] = ['/api/feed/buddies'];

/** The id of the `<script type="application/json">` that carries the answers. */
export const SERVED_DATA_ID = 'stackdays-served';

/** What that element holds. */
export interface ServedData {
  /** When the server read the answers (ms since the epoch): the cache's `updatedAt`. */
  at: number;
  answers: Partial<Record<ServedUrl, unknown>>;
}

/**
 * The JSON text for a `<script type="application/json">` element: `<` is written as `\u003c`, so no
 * member's text can close the element, open a comment or start a tag in the page (the parser sees
 * none; JSON.parse reads it back as `<`). U+2028 and U+2029 are escaped too.
 */
export function servedDataJson(data: ServedData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Placeholders in the built template of a served member screen (dist/pages/app-served.html, written
 * by scripts/prerender.mjs), each there once, which the server replaces: the title's text, the
 * screen's markup inside `#root`, and the answers' script element after it.
 */
export const MEMBER_SCREEN_TITLE = '__MEMBER_SCREEN_TITLE__';
export const MEMBER_SCREEN_MARKUP = '<!--stackdays-member-screen-->';
export const MEMBER_SCREEN_DATA = '<!--stackdays-member-data-->';
