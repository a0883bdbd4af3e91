import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serveStatic } from '@hono/node-server/serve-static';
import { GUARD_DATA, SERVED_SCREENS } from '@shared/member-screens';
import type { LegalPageName } from '@shared/legal';
import type { AppEnv } from './deps';
import { negotiateEncoding } from './http/compression';
import { customLegalPages, type LegalPageBody } from './legal-pages';
import { checkInvitePage, fillInvitePage } from './invite-page';
import { createMemberScreens, type ApiFetch } from './member-screens';

/** Query parameters that carry a secret: a buddy invite token, an admin invite (e-mail and token). */
const TOKEN_PARAMS = ['invite', 'admin_invite', 'token'];

/**
 * A page whose address holds an invite token: the invite landing (/invite/<token>), the admin-invite
 * sign-up (/signup?admin_invite=...&token=...) and the pages an invite is carried to (?invite=...).
 */
function carriesToken(url: URL): boolean {
  return url.pathname.startsWith('/invite/') || TOKEN_PARAMS.some((p) => url.searchParams.has(p));
}

/** Addresses with a page prerendered at build time (scripts/prerender.mjs → dist/pages/<name>.html). */
const PRERENDERED: Record<string, string> = {
  '/': 'landing',
  '/pricing': 'pricing',
  '/signin': 'signin',
  '/signup': 'signup',
  // Decision 0037; with the operator's own text they are answered by customLegalPages instead.
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/health-disclaimer': 'health-disclaimer',
};
/**
 * Pages whose app loads on the visitor's first intent (src/client/boot.ts). `<name>-eager.html` is the
 * same page loading it at once, with its chunks preloaded: for an address with a query string (an
 * invite, a coupon, an admin invite change what the page shows) and for a visitor with a session
 * cookie (a member is sent on to /app by the app).
 */
const ON_INTENT = new Set(['pricing', 'signin', 'signup']);
const INVITE_PATH = /^\/invite\/([^/]+)$/;
/** The member app's shell with a screen's chunks preloaded (dist/pages/app-*.html). */
const MEMBER_SHELLS: Record<string, string> = {
  '/app': 'app-home',
  '/app/feed': 'app-feed',
  '/app/cycle': 'app-cycle',
  '/app/review': 'app-review',
};
const MEMBER_PATH = /^\/app\/.+$/;
/** Client routes with no page of their own: e-mail verification gets the plain shell. */
const SHELL_PATH = /^\/verify-email$/;

type PageChoice = {
  file: string;
  status: 200 | 404 | 429 | 503;
  /** The answer depends on the session cookie too. */
  varyCookie?: boolean;
  headers?: Record<string, string>;
};

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Which built HTML answers a path: a prerendered page (its eager twin when `eager`), the app shell,
 * or the prerendered 404. The invite page is answered by invitePage() before this.
 */
function choosePage(
  pathname: string,
  indexPath: string,
  pagesDir: string,
  eager = false,
): PageChoice {
  const clean = withoutTrailingSlash(pathname);
  const name = PRERENDERED[clean] ?? (INVITE_PATH.test(clean) ? 'invite-check' : undefined);
  const page = (file: string) => path.join(pagesDir, `${file}.html`);
  if (name && ON_INTENT.has(name)) {
    const file = eager && existsSync(page(`${name}-eager`)) ? page(`${name}-eager`) : page(name);
    if (existsSync(file)) return { file, status: 200, varyCookie: true };
  }
  if (name && existsSync(page(name))) return { file: page(name), status: 200 };
  const member = MEMBER_SHELLS[clean] ?? (MEMBER_PATH.test(clean) ? 'app' : undefined);
  if (member) return { file: existsSync(page(member)) ? page(member) : indexPath, status: 200 };
  if (name || SHELL_PATH.test(clean) || !existsSync(page('not-found')))
    return { file: indexPath, status: 200 };
  return { file: page('not-found'), status: 404 };
}

/**
 * Sends a built HTML file, its .br or .gz twin when the browser takes it (written by
 * scripts/precompress.mjs). The file name comes from choosePage, never from the request.
 */
function sendHtml(c: Context<AppEnv>, choice: PageChoice) {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  const variant = encoding && `${choice.file}.${encoding === 'br' ? 'br' : 'gz'}`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-cache',
    Vary: choice.varyCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    ...choice.headers,
  };
  let body: Buffer;
  if (variant && existsSync(variant)) {
    body = readFileSync(variant);
    headers['Content-Encoding'] = encoding;
  } else {
    body = readFileSync(choice.file);
  }
  headers['Content-Length'] = String(body.length);
  // No Referer from this page at all, not even to our own origin through a logging proxy.
  if (carriesToken(new URL(c.req.url))) headers['Referrer-Policy'] = 'no-referrer';
  return c.body(new Uint8Array(body), choice.status, headers);
}

/** A legal page with the operator's text, from memory, compressed as the browser takes it. */
function sendLegalPage(c: Context<AppEnv>, page: LegalPageBody) {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  const body = encoding === 'br' ? page.br : encoding ? page.gzip : page.html;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    'Content-Length': String(body.length),
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(body), 200, headers);
}

/** Whether the request carries a session cookie (not checked: a stale one only loads the app early). */
async function hasSessionCookie(c: Context<AppEnv>): Promise<boolean> {
  const auth = await c.get('deps').auth.$context;
  return Boolean(getCookie(c, auth.authCookies.sessionToken.name));
}

/** Whether an on-intent page should load its app at once (see ON_INTENT). */
async function wantsEager(c: Context<AppEnv>): Promise<boolean> {
  const clean = withoutTrailingSlash(c.req.path);
  if (!ON_INTENT.has(PRERENDERED[clean] ?? '')) return false;
  return new URL(c.req.url).search !== '' || (await hasSessionCookie(c));
}

/**
 * A member screen's shell with its first API answers preloaded (SERVED_SCREENS, decision 0029: the
 * guard's session and subscription, then the screen's own data; each the exact URL the screen's query
 * fetches, or the browser fetches it twice), when the server did not render it and the request has a
 * session cookie; without one the member is sent to sign in and nothing is preloaded (no 401s).
 */
async function withMemberData(c: Context<AppEnv>, choice: PageChoice): Promise<PageChoice> {
  const clean = withoutTrailingSlash(c.req.path);
  const screens: Record<string, readonly string[]> = SERVED_SCREENS;
  const urls = screens[clean] ?? (MEMBER_PATH.test(clean) ? GUARD_DATA : undefined);
  if (!urls || choice.status !== 200) return choice;
  if (!(await hasSessionCookie(c))) return { ...choice, varyCookie: true };
  const link = urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
  return { ...choice, varyCookie: true, headers: { ...choice.headers, Link: link } };
}

/**
 * /invite/<token>, rendered on the server with no script (decision 0022): the token is checked by
 * the invite-check service (the API's rate limit), then the prerendered valid page gets the
 * inviter's name and the token filled in, or the invalid page is sent (404). Never stored by a cache:
 * it depends on the token. When the check could not be made (rate limited, or failed), the page that
 * checks the invite in the browser is sent with 429 or 503. null: no prerendered invite page.
 */
async function invitePage(
  c: Context<AppEnv>,
  segment: string,
  pagesDir: string,
): Promise<Response | null> {
  const page = (file: string) => path.join(pagesDir, `${file}.html`);
  if (!existsSync(page('invite-valid')) || !existsSync(page('invite-invalid'))) return null;
  const checked = await checkInvitePage(c, segment);
  const headers = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  };
  if (checked.state === 'valid') {
    const template = readFileSync(page('invite-valid'), 'utf8');
    return c.body(fillInvitePage(template, checked.inviterName, checked.token), 200, headers);
  }
  if (checked.state === 'invalid') {
    return c.body(readFileSync(page('invite-invalid'), 'utf8'), 404, headers);
  }
  if (!existsSync(page('invite-check'))) return null;
  return sendHtml(c, {
    file: page('invite-check'),
    status: checked.status,
    headers: {
      'Cache-Control': 'no-store',
      ...(checked.retryAfter !== undefined && { 'Retry-After': String(checked.retryAfter) }),
    },
  });
}

/**
 * Serves the built front end (decision 0022): hashed assets cached for a year, every text file in
 * its precompressed Brotli or gzip form when the browser accepts it; the public pages prerendered,
 * the member app's shell for its client routes (with the screen's chunks preloaded for /app, /app/feed,
 * /app/cycle and the layout's for the rest of /app/*), and the prerendered 404 for the rest.
 */
export function staticClient(
  clientDir: string,
  fetchApi?: ApiFetch,
  legalTexts: Partial<Record<LegalPageName, string>> = {},
) {
  const app = new Hono<AppEnv>();
  const memberScreens = fetchApi && createMemberScreens(clientDir, fetchApi);
  const indexPath = path.join(clientDir, 'index.html');
  const pagesDir = path.join(clientDir, '..', 'pages');
  const root = path.relative(process.cwd(), clientDir) || '.';
  const legalPage = customLegalPages(pagesDir, legalTexts);

  const notBuilt = (c: Context<AppEnv>) =>
    c.text('The front end is not built. Run `npm run build`.', 503);
  // Before the files: `/` is a prerendered page, not dist/client/index.html.
  app.get('/', (c) =>
    existsSync(indexPath) ? sendHtml(c, choosePage('/', indexPath, pagesDir)) : notBuilt(c),
  );
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root, precompressed: true }),
  );
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c) => {
    if (!existsSync(indexPath)) return notBuilt(c);
    // The raw path: the token is decoded once, by invitePage.
    const invite = INVITE_PATH.exec(withoutTrailingSlash(new URL(c.req.url).pathname));
    if (invite) {
      const answer = await invitePage(c, invite[1], pagesDir);
      if (answer) return answer;
    }
    const legal = legalPage(withoutTrailingSlash(c.req.path));
    if (legal) return sendLegalPage(c, legal);
    const choice = choosePage(c.req.path, indexPath, pagesDir, await wantsEager(c));
    // /app, /app/feed and /app/cycle for a signed-in member: rendered with their data (0031).
    if (memberScreens && choice.status === 200 && (await hasSessionCookie(c))) {
      const served = await memberScreens.serve(c, withoutTrailingSlash(c.req.path));
      if (served) return served;
    }
    return sendHtml(c, await withMemberData(c, choice));
  });
  return app;
}
