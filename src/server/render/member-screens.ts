// The pages of kind `server` in the page manifest (src/shared/pages.ts; src/client/render/README.md):
// for a signed-in member, the screen's markup and the queries it was rendered with (dehydrated), and
// only boot.ts, which loads the app on the member's first intent. The screen's loader reads this
// server's own API, in this process, as the member (their cookie, their address): the renderer is the
// build's dist/ssr/server-entry.js, given a transport to this app once. Whenever a screen cannot be
// rendered (no build, a read that is not 200, the guard would not show it, too many renders at once,
// an error), the member gets the shell as before, with the reads its loader would have made preloaded
// (`preloads`: the loader run against stand-in answers, so the loader is the one list of them).

import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { DehydratedState } from '@tanstack/react-query';
import {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
  SERVED_STATE_ID,
  matchPage,
  scriptJson,
} from '@shared/pages';
import { LOCALES, localizedPageFile, type Locale } from '@shared/i18n/locales';
import type { AppEnv } from '../lib/deps';
import { scopeLocale } from '../lib/locale';

/** The app's own request handler (app.fetch), for reading the API in this process. */
export type ApiFetch = (request: Request, env: unknown) => Response | Promise<Response>;

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** What dist/ssr/server-entry.js exports (src/client/render/server-entry.tsx). */
interface RendererModule {
  setApiTransport(transport: Transport): void;
  /** Runs the loader of the page at `pathname`, or of the nearest layout around it that has one. */
  runLoader(pathname: string): Promise<unknown>;
  renderPage(
    pathname: string,
    locale: Locale,
  ): Promise<{
    html: string;
    title: string | undefined;
    state: DehydratedState;
    renderMs: number;
  } | null>;
}

interface Renderer {
  render: RendererModule['renderPage'];
  runLoader: RendererModule['runLoader'];
  /** dist/pages/app-served.html, and its twin in each other locale (app-served.<locale>.html). */
  templates: Map<Locale, string>;
}

/**
 * Beyond these, members get the shell, which costs the server nothing: a render takes this process's
 * one thread for 5 to 60 ms (the feed's 30 posts the most), so a flood of signed-in page loads must
 * not hold up everyone's API answers (decision 0031, threats). At most this many renders at once,
 * and at most this many milliseconds of rendering in each second.
 */
export const MAX_RENDERS_IN_FLIGHT = 4;
export const RENDER_MS_PER_SECOND = 250;

/** The page request's headers that the API reads: who, from where, in which language. */
const FORWARDED = [
  'cookie',
  'host',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
];

/** `text` split at the first `part`, which the template holds exactly once (prerender checks). */
function around(text: string, part: string): [string, string] {
  const at = text.indexOf(part);
  if (at < 0) throw new Error(`the member screen template lacks ${part}`);
  return [text.slice(0, at), text.slice(at + part.length)];
}

/** The template with its three placeholders replaced, each once, by what the render produced. */
export function fillMemberScreen(
  template: string,
  screen: { html: string; title: string | undefined },
  state: DehydratedState,
): string {
  const [head, afterTitle] = around(template, MEMBER_SCREEN_TITLE);
  const [middle, afterMarkup] = around(afterTitle, MEMBER_SCREEN_MARKUP);
  const [between, tail] = around(afterMarkup, MEMBER_SCREEN_DATA);
  const data = `<script type="application/json" id="${SERVED_STATE_ID}">${scriptJson(state)}</script>`;
  // The title and markup come from React's renderer, escaped already.
  return head + (screen.title ?? 'StackDays') + middle + screen.html + between + data + tail;
}

/**
 * A loader's read, as the member whose page it is (`reading`), or only noted (`recording`). Whatever
 * cookies the API sets (the session's daily refresh, or its clearing) go out with the page, rendered
 * or not: they are the member's.
 */
function memberTransport(
  fetchApi: ApiFetch,
  reading: AsyncLocalStorage<Context<AppEnv>>,
  recording: AsyncLocalStorage<string[]>,
): Transport {
  return async (url, init) => {
    const noted = recording.getStore();
    if (noted) {
      noted.push(url);
      // Enough for the guard to go on to the screen's reads: someone is signed in.
      return Response.json({ user: { userId: '' } });
    }
    const c = reading.getStore();
    if (!c) throw new Error('an API read outside a page render');
    const headers = new Headers(init.headers);
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const origin = new URL(c.req.url).origin;
    const res = await fetchApi(
      new Request(origin + url, { method: init.method, headers, signal: init.signal }),
      c.env,
    );
    for (const cookie of res.headers.getSetCookie())
      c.header('Set-Cookie', cookie, { append: true });
    return res;
  };
}

export function createMemberScreens(clientDir: string, fetchApi: ApiFetch) {
  const templateFile = (locale: Locale) =>
    path.join(clientDir, '..', 'pages', localizedPageFile('app-served', locale));
  const rendererFile = path.join(clientDir, '..', 'ssr', 'server-entry.js');
  /** The page request a render reads the API for: its loader's reads go out as that member. */
  const reading = new AsyncLocalStorage<Context<AppEnv>>();
  /** A loader run only to learn its reads (`preloads`): each URL is noted, none is sent. */
  const recording = new AsyncLocalStorage<string[]>();
  const learnt = new Map<string, string[]>();
  let renderer: Promise<Renderer | null> | undefined;
  let inFlight = 0;
  /** Rendering time spent in the current second (`second`: when it began). */
  let second = 0;
  let spent = 0;
  const withinBudget = () => {
    const now = performance.now();
    if (now - second >= 1000) {
      second = now;
      spent = 0;
    }
    return inFlight < MAX_RENDERS_IN_FLIGHT && spent < RENDER_MS_PER_SECOND;
  };

  const transport = memberTransport(fetchApi, reading, recording);

  /** The renderer and its template, read together once: a build replaced in place needs a restart. */
  function loadRenderer(c: Context<AppEnv>): Promise<Renderer | null> {
    renderer ??= (async () => {
      if (!existsSync(rendererFile) || !existsSync(templateFile('en'))) return null;
      const module = (await import(pathToFileURL(rendererFile).href)) as RendererModule;
      module.setApiTransport(transport);
      const templates = new Map<Locale, string>();
      for (const locale of LOCALES)
        if (existsSync(templateFile(locale)))
          templates.set(locale, readFileSync(templateFile(locale), 'utf8'));
      return { render: module.renderPage, runLoader: module.runLoader, templates };
    })().catch((error: unknown) => {
      c.get('deps').logger.error({ err: error }, 'The member screens renderer could not load');
      return null;
    });
    return renderer;
  }

  /**
   * The rendered page for `pathname`, or null: the caller sends the shell. In the request's locale,
   * which the caller has moved to the member's own by reading the session (static-client.ts): the
   * markup and its page (<html lang>) alike; a locale without a built template is not rendered.
   */
  async function serve(c: Context<AppEnv>, pathname: string): Promise<Response | null> {
    // A HEAD asks for headers only: not worth a render.
    if (c.req.method !== 'GET' || matchPage(pathname).kind !== 'server' || !withinBudget())
      return null;
    // Counted from here, before any wait, so requests arriving together see each other.
    inFlight++;
    try {
      const renderer = await loadRenderer(c);
      const locale = scopeLocale();
      const template = renderer?.templates.get(locale);
      if (!renderer || template === undefined) return null;
      const screen = await reading.run(c, () => renderer.render(pathname, locale));
      if (!screen) return null;
      spent += screen.renderMs;
      const page = fillMemberScreen(template, screen, screen.state);
      return c.body(page, 200, {
        'Content-Type': 'text/html; charset=UTF-8',
        // The member's own data: never kept by a cache, and another cookie gets another page.
        'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding, Cookie',
      });
    } catch (error) {
      c.get('deps').logger.error(
        { err: error, path: pathname },
        'A member screen could not render',
      );
      return null;
    } finally {
      inFlight--;
    }
  }

  /**
   * The API reads the loader of the page at `pathname` makes (its params filled in), for the member
   * shell's `Link` preloads when the page is not rendered; null without a renderer. The loader runs
   * against stand-in answers, so it must start every read before it needs an answer (member screens:
   * the session, then the rest at once); member-screens.db.test.ts holds each page's preloads to the
   * reads a real render makes.
   */
  async function preloads(c: Context<AppEnv>, pathname: string): Promise<string[] | null> {
    const renderer = await loadRenderer(c);
    if (!renderer) return null;
    // A page without params reads the same for every address: learnt once.
    const page = matchPage(pathname);
    const known = learnt.get(page.name);
    if (known) return known;
    const urls: string[] = [];
    await recording.run(urls, async () => renderer.runLoader(pathname)).catch(() => {});
    if (!page.path.includes(':')) learnt.set(page.name, urls);
    return urls;
  }

  return { serve, preloads };
}
