// The member screens rendered on the server with the member's data (decision 0031): /app, /app/feed
// and /app/cycle answer a signed-in member with the screen's markup and the answers it was rendered
// with, and only boot.ts, which loads the app on the member's first intent (as on the public pages,
// decision 0022). The answers are read from this server's own API, in this process, as the member
// (their cookie, their address); the renderer is the build's dist/ssr/entry-member-screens.js.
// Whenever a screen cannot be rendered (no build, an answer that is not 200, the guard would not
// show it, too many renders at once, an error), the member gets the shell as before.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
  OPTIONAL_SERVED_DATA,
  SERVED_DATA_ID,
  SERVED_SCREENS,
  servedDataJson,
  type ServedData,
  type ServedScreen,
  type ServedUrl,
} from '@shared/member-screens';
import type { SessionResponse } from '@shared/api-types';
import type { AppEnv } from './deps';

/** The app's own request handler (app.fetch), for reading the API in this process. */
export type ApiFetch = (request: Request, env: unknown) => Response | Promise<Response>;

interface Renderer {
  render: RenderMemberScreen;
  /** dist/pages/app-served.html. */
  template: string;
}

/** What dist/ssr/entry-member-screens.js exports (src/client/entry-member-screens.tsx). */
type RenderMemberScreen = (
  path: ServedScreen,
  served: ServedData,
) => Promise<{ html: string; title: string | undefined } | null>;

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

const isServedScreen = (pathname: string): pathname is ServedScreen =>
  Object.hasOwn(SERVED_SCREENS, pathname);

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
  served: ServedData,
): string {
  const [head, afterTitle] = around(template, MEMBER_SCREEN_TITLE);
  const [middle, afterMarkup] = around(afterTitle, MEMBER_SCREEN_MARKUP);
  const [between, tail] = around(afterMarkup, MEMBER_SCREEN_DATA);
  const data = `<script type="application/json" id="${SERVED_DATA_ID}">${servedDataJson(served)}</script>`;
  // The title and markup come from React's renderer, escaped already.
  return head + (screen.title ?? 'StackDays') + middle + screen.html + between + data + tail;
}

export function createMemberScreens(clientDir: string, fetchApi: ApiFetch) {
  const templateFile = path.join(clientDir, '..', 'pages', 'app-served.html');
  const rendererFile = path.join(clientDir, '..', 'ssr', 'entry-member-screens.js');
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

  /** The renderer and its template, read together once: a build replaced in place needs a restart. */
  function loadRenderer(c: Context<AppEnv>): Promise<Renderer | null> {
    renderer ??= (async () => {
      if (!existsSync(rendererFile) || !existsSync(templateFile)) return null;
      const module = (await import(pathToFileURL(rendererFile).href)) as {
        renderMemberScreen: RenderMemberScreen;
      };
      return { render: module.renderMemberScreen, template: readFileSync(templateFile, 'utf8') };
    })().catch((error: unknown) => {
      c.get('deps').logger.error({ err: error }, 'The member screens renderer could not load');
      return null;
    });
    return renderer;
  }

  /**
   * The screen's answers, read as the member; null when the cookie names no member or an answer the
   * screen needs is not 200. Whatever cookies the API sets (the session's daily refresh, or its
   * clearing) go out with the page, rendered or not: they are the member's.
   */
  async function readAnswers(
    c: Context<AppEnv>,
    screen: ServedScreen,
  ): Promise<ServedData['answers'] | null> {
    const origin = new URL(c.req.url).origin;
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const read = async (url: ServedUrl): Promise<unknown> => {
      const res = await fetchApi(new Request(origin + url, { headers }), c.env);
      for (const cookie of res.headers.getSetCookie())
        c.header('Set-Cookie', cookie, { append: true });
      if (res.status !== 200) {
        await res.body?.cancel();
        return undefined;
      }
      return (await res.json()) as unknown;
    };
    // The session first: a cookie that names nobody costs one read, and a refresh happens once.
    const [sessionUrl, ...rest] = SERVED_SCREENS[screen];
    const session = (await read(sessionUrl)) as SessionResponse | undefined;
    if (!session?.user) return null;
    const answers: ServedData['answers'] = { [sessionUrl]: session };
    const others = await Promise.all(rest.map(async (url) => [url, await read(url)] as const));
    for (const [url, answer] of others) {
      if (answer === undefined && !OPTIONAL_SERVED_DATA.includes(url)) return null;
      answers[url] = answer;
    }
    return answers;
  }

  /** The rendered page for `pathname`, or null: the caller sends the shell. */
  async function serve(c: Context<AppEnv>, pathname: string): Promise<Response | null> {
    // A HEAD asks for headers only: not worth a render.
    if (c.req.method !== 'GET' || !isServedScreen(pathname) || !withinBudget()) return null;
    // Counted from here, before any wait, so requests arriving together see each other.
    inFlight++;
    try {
      const renderer = await loadRenderer(c);
      if (!renderer) return null;
      const at = Date.now();
      const answers = await readAnswers(c, pathname);
      if (!answers) return null;
      const served: ServedData = { at, answers };
      const started = performance.now();
      const screen = await renderer.render(pathname, served).finally(() => {
        spent += performance.now() - started;
      });
      if (!screen) return null;
      const page = fillMemberScreen(renderer.template, screen, served);
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

  return { serve };
}
