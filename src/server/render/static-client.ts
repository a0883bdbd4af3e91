import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serveStatic } from '@hono/node-server/serve-static';
import { exactPage, matchPage, pageChain, pagePath, withoutTrailingSlash } from '@shared/pages';
import type { LegalPageName } from '@shared/legal';
import { DEFAULT_LOCALE, localizedPageFile, type Locale } from '@shared/i18n/locales';
import type { AppEnv } from '../lib/deps';
import { sessionCookieSettings } from '../lib/auth';
import { scopeLocale } from '../lib/locale';
import { currentUser } from '../http/session';
import { negotiateEncoding } from '../http/compression';
import { customLegalPages, type LegalPageBody } from './legal-pages';
import { checkInvitePage, fillInvalidInvitePage, fillInvitePage } from './invite-page';
import { createMemberScreens, type ApiFetch } from './member-screens';

type MemberScreens = ReturnType<typeof createMemberScreens>;

/** Query parameters that carry a secret: a buddy invite token, an admin invite (e-mail and token). */
const TOKEN_PARAMS = ['invite', 'admin_invite', 'token'];

/**
 * A page whose address holds an invite token: the invite landing (/invite/<token>), the admin-invite
 * sign-up (/signup?admin_invite=...&token=...) and the pages an invite is carried to (?invite=...).
 */
function carriesToken(url: URL): boolean {
  return (
    ['invite', 'crew-join'].includes(exactPage(url.pathname)?.name ?? '') ||
    TOKEN_PARAMS.some((p) => url.searchParams.has(p))
  );
}

type PageChoice = {
  /** A built HTML file (a path under pagesDir, or the shell). */
  file: string;
  status: 200 | 404 | 429 | 503;
  /** The answer depends on the session cookie too. */
  varyCookie?: boolean;
  headers?: Record<string, string>;
};

/**
 * The built HTML files (dist/client/index.html and dist/pages/*.html, with their .br and .gz twins
 * from scripts/precompress.mjs), read once when the server starts: a build replaced in place needs a
 * restart, as the member screens' renderer does.
 */
function readBuiltPages(indexPath: string, pagesDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const read = (file: string) => {
    for (const variant of [file, `${file}.br`, `${file}.gz`])
      if (existsSync(variant)) files.set(variant, readFileSync(variant));
  };
  read(indexPath);
  if (existsSync(pagesDir))
    for (const name of readdirSync(pagesDir))
      if (name.endsWith('.html')) read(path.join(pagesDir, name));
  return files;
}

/**
 * The built file of page `name` in `locale` (dist/pages/<name>.<locale>.html, <name>.html in
 * English), or the English one when the build has none in that locale (a partial build: the full
 * one writes every locale, check:budgets holds it to that). Named from LOCALES and the manifest
 * only, never from the request (threat #122).
 */
function localizedFile(
  pagesDir: string,
  built: Map<string, Buffer>,
  name: string,
  locale: Locale,
): string {
  const file = path.join(pagesDir, localizedPageFile(name, locale));
  return built.has(file) ? file : path.join(pagesDir, localizedPageFile(name, DEFAULT_LOCALE));
}

/**
 * Which built HTML answers a path, from the page manifest (src/shared/pages.ts), in `locale`: a
 * prerendered page (its eager twin when `eager`, for the pages that load the app on the first
 * intent), the member shell of the screen or of the nearest layout around it (its chunks
 * preloaded), the app shell, or the prerendered 404. The invite page is answered by invitePage()
 * before this.
 */
function choosePage(
  pathname: string,
  indexPath: string,
  pagesDir: string,
  built: Map<string, Buffer>,
  locale: Locale,
  eager = false,
): PageChoice {
  const entry = matchPage(pathname);
  const page = (name: string) => localizedFile(pagesDir, built, name, locale);
  const has = (name: string) => built.has(page(name));
  if (entry.kind === 'prerendered') {
    // The invite page for a token the server could not check: the one checking it in the browser.
    const name = entry.name === 'invite' ? 'invite-check' : entry.name;
    if (entry.load === 'intent') {
      const file = eager && has(`${name}-eager`) ? page(`${name}-eager`) : page(name);
      if (built.has(file)) return { file, status: 200, varyCookie: true };
    }
    if (has(name)) return { file: page(name), status: entry.path === '*' ? 404 : 200 };
    return { file: indexPath, status: 200 };
  }
  const shell = pageChain(entry)
    .reverse()
    .find((around) => has(around.name));
  return { file: shell ? page(shell.name) : indexPath, status: 200 };
}

/**
 * Sends a built HTML file, its .br or .gz twin when the browser takes it (written by
 * scripts/precompress.mjs). The file name comes from choosePage, never from the request.
 */
function sendHtml(c: Context<AppEnv>, built: Map<string, Buffer>, choice: PageChoice) {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  const variant = encoding && `${choice.file}.${encoding === 'br' ? 'br' : 'gz'}`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-cache',
    Vary: choice.varyCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    ...choice.headers,
  };
  let body = variant ? built.get(variant) : undefined;
  if (body && encoding) headers['Content-Encoding'] = encoding;
  else body = built.get(choice.file);
  if (!body) return c.text('The front end is not built. Run `npm run build`.', 503);
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
  const { name } = await sessionCookieSettings(c.get('deps').auth);
  return Boolean(getCookie(c, name));
}

/**
 * The language of the page (decision 0118): with a session cookie, the member's own setting (the
 * session read the page's API reads share, through the session cache), else the visitor's (sd_lang,
 * then Accept-Language). A session that cannot be read leaves the visitor's.
 */
async function pageLocale(c: Context<AppEnv>): Promise<Locale> {
  if (await hasSessionCookie(c)) await currentUser(c).catch(() => null);
  return scopeLocale();
}

/**
 * Whether a page that loads its app on the first intent should load it at once (its `-eager` twin,
 * chunks preloaded): for an address with a query string (an invite, a coupon, an admin invite change
 * what the page shows) and for a visitor with a session cookie (a member is sent on to /app).
 */
async function wantsEager(c: Context<AppEnv>): Promise<boolean> {
  if (matchPage(c.req.path).load !== 'intent') return false;
  return new URL(c.req.url).search !== '' || (await hasSessionCookie(c));
}

/**
 * A member screen's shell with its first API answers preloaded (the reads of the screen's loader, or
 * else of the layout's around it: the guard's session and subscription, then the screen's own; each
 * the exact URL the screen's query fetches, or the browser fetches it twice), when the server did not
 * render it and the request has a session cookie; without one the member is sent to sign in and
 * nothing is preloaded (no 401s).
 */
async function withMemberData(
  c: Context<AppEnv>,
  choice: PageChoice,
  memberScreens: MemberScreens | undefined,
): Promise<PageChoice> {
  if (matchPage(c.req.path).kind === 'prerendered' || choice.status !== 200) return choice;
  const urls = await memberScreens?.preloads(c, withoutTrailingSlash(c.req.path));
  if (!urls?.length) return choice;
  if (!(await hasSessionCookie(c))) return { ...choice, varyCookie: true };
  const link = urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
  return { ...choice, varyCookie: true, headers: { ...choice.headers, Link: link } };
}

/**
 * /invite/<token>, rendered on the server with no script (decision 0022): the token is checked by
 * the invite-check service (the API's rate limit), then the prerendered valid page gets the
 * inviter's name and the token filled in, or the invalid page is sent (404; its language menu leads
 * back to the address asked for). Never stored by a cache: it depends on the token. When the check
 * could not be made (rate limited, or failed), the page that checks the invite in the browser is
 * sent with 429 or 503. null: no prerendered invite page.
 */
async function invitePage(
  c: Context<AppEnv>,
  segment: string,
  pagesDir: string,
  built: Map<string, Buffer>,
  locale: Locale,
): Promise<Response | null> {
  const page = (name: string) => localizedFile(pagesDir, built, name, locale);
  const valid = built.get(page('invite-valid'))?.toString('utf8');
  const invalid = built.get(page('invite-invalid'))?.toString('utf8');
  if (valid === undefined || invalid === undefined) return null;
  const checked = await checkInvitePage(c, segment);
  const headers = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  };
  if (checked.state === 'valid') {
    return c.body(fillInvitePage(valid, checked.inviterName, checked.token), 200, headers);
  }
  if (checked.state === 'invalid') {
    return c.body(fillInvalidInvitePage(invalid, segment), 404, headers);
  }
  if (!built.has(page('invite-check'))) return null;
  return sendHtml(c, built, {
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

  const built = readBuiltPages(indexPath, pagesDir);

  const notBuilt = (c: Context<AppEnv>) =>
    c.text('The front end is not built. Run `npm run build`.', 503);
  // Before the files: `/` is a prerendered page, not dist/client/index.html.
  app.get(pagePath('landing'), async (c) =>
    built.has(indexPath)
      ? sendHtml(
          c,
          built,
          choosePage(pagePath('landing'), indexPath, pagesDir, built, await pageLocale(c)),
        )
      : notBuilt(c),
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
    if (!built.has(indexPath)) return notBuilt(c);
    // Every page below is in this language: the member's, else the visitor's.
    const locale = await pageLocale(c);
    // The raw path: the token is decoded once, by invitePage.
    const raw = withoutTrailingSlash(new URL(c.req.url).pathname);
    if (matchPage(raw).name === 'invite') {
      const segment = raw.slice(raw.lastIndexOf('/') + 1);
      const answer = await invitePage(c, segment, pagesDir, built, locale);
      if (answer) return answer;
    }
    const legal = legalPage(withoutTrailingSlash(c.req.path), locale);
    if (legal) return sendLegalPage(c, legal);
    const eager = await wantsEager(c);
    const choice = choosePage(c.req.path, indexPath, pagesDir, built, locale, eager);
    // A `server` page for a signed-in member: rendered with their data (render/README.md).
    if (memberScreens && choice.status === 200 && (await hasSessionCookie(c))) {
      const served = await memberScreens.serve(c, withoutTrailingSlash(c.req.path));
      if (served) return served;
    }
    return sendHtml(c, built, await withMemberData(c, choice, memberScreens));
  });
  return app;
}
