import { Hono, type Context } from 'hono';
import { languageChoiceSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { setLocaleCookie } from '../../http/request-locale';
import { parseWith } from '../../http/validate';
import { setLanguage } from './service';

/**
 * The page to go back to after choosing: a path on this site, else Home. Never another host, even
 * written as `//host`, `/\host` or `https://host` (threat #130).
 */
export function localPath(back: string | undefined, publicUrl: string): string {
  if (!back?.startsWith('/')) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(back, base);
    return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

async function formFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = await c.req.parseBody();
  return { language: body.language, back: body.back };
}

/**
 * /api/language: the footer's language menu, a plain form (it works before and without the app's
 * script). Remembers the language for this browser and, for a signed-in member, saves it as their
 * setting; then the page the menu was on is loaded again, in that language. The same-origin guard of
 * /api stands in front of it, as of every form.
 */
export const languageRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { language, back } = parseWith(languageChoiceSchema, await formFields(c));
  const ctx = await serviceContext(c);
  if (ctx.actor.kind === 'member' || ctx.actor.kind === 'admin') await setLanguage(ctx, language);
  setLocaleCookie(c, language);
  return c.redirect(localPath(back, c.get('deps').config.publicUrl), 303);
});
