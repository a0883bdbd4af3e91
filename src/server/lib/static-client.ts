import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './deps';

/** Query parameters that carry a secret: a buddy invite token, an admin invite (e-mail and token). */
const TOKEN_PARAMS = ['invite', 'admin_invite', 'token'];

/**
 * A page whose address holds an invite token: the invite landing (/invite/<token>), the admin-invite
 * sign-up (/signup?admin_invite=...&token=...) and the pages an invite is carried to (?invite=...).
 */
function carriesToken(url: URL): boolean {
  return url.pathname.startsWith('/invite/') || TOKEN_PARAMS.some((p) => url.searchParams.has(p));
}

/** Serves the built front end: hashed assets cached for a year, every other path gets index.html. */
export function staticClient(clientDir: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(clientDir, 'index.html');
  const root = path.relative(process.cwd(), clientDir) || '.';

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(indexPath))
      return c.text('The front end is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    // No Referer from this page at all, not even to our own origin through a logging proxy.
    if (carriesToken(new URL(c.req.url))) c.header('Referrer-Policy', 'no-referrer');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
  return app;
}
