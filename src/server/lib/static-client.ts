import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './deps';
import { negotiateEncoding } from './http/compression';

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
};
const INVITE_PATH = /^\/invite\/[^/]+$/;
/** The member app's shell with a screen's chunks preloaded (dist/pages/app-*.html). */
const MEMBER_SHELLS: Record<string, string> = {
  '/app': 'app-home',
  '/app/feed': 'app-feed',
  '/app/cycle': 'app-cycle',
};
const MEMBER_PATH = /^\/app\/.+$/;
/** Client routes with no page of their own: e-mail verification gets the plain shell. */
const SHELL_PATH = /^\/verify-email$/;

type PageChoice = { file: string; status: 200 | 404 };

/** Which built HTML answers a path: a prerendered page, the app shell, or the prerendered 404. */
function choosePage(pathname: string, indexPath: string, pagesDir: string): PageChoice {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = PRERENDERED[clean] ?? (INVITE_PATH.test(clean) ? 'invite' : undefined);
  const page = (file: string) => path.join(pagesDir, `${file}.html`);
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
    Vary: 'Accept-Encoding',
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

/**
 * Serves the built front end (decision 0022): hashed assets cached for a year, every text file in
 * its precompressed Brotli or gzip form when the browser accepts it; the public pages prerendered,
 * the member app's shell for its client routes (with the screen's chunks preloaded for /app, /app/feed,
 * /app/cycle and the layout's for the rest of /app/*), and the prerendered 404 for the rest.
 */
export function staticClient(clientDir: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(clientDir, 'index.html');
  const pagesDir = path.join(clientDir, '..', 'pages');
  const root = path.relative(process.cwd(), clientDir) || '.';

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
  app.get('*', (c) => {
    if (!existsSync(indexPath)) return notBuilt(c);
    return sendHtml(c, choosePage(c.req.path, indexPath, pagesDir));
  });
  return app;
}
