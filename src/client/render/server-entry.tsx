// Server-only (render/README.md): renders a `server` page of the manifest (src/shared/pages.ts) for
// one member, through a Vite SSR build kept in dist/ssr/ (scripts/prerender.mjs) and loaded by
// src/server/render/member-screens.ts. Never shipped to the browser. Each render has its own query
// cache, filled by the screen's loader through the API transport the server set (its own app, as
// the member): nothing of one member's data can reach another's page.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, useRoutes } from 'react-router';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { matchPage, pageChain, pageParams, withoutTrailingSlash } from '@shared/pages';
import { AppProviders } from '@client/app/providers';
import { ApiError } from '@client/lib/api-client';
import { routeTree } from './route-tree';
import { loadRouteModule } from './screens';
import { isLocale, type Locale } from '@shared/i18n/locales';
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import es from '../../locales/es.json';
import de from '../../locales/de.json';

export { setApiTransport } from '@client/lib/api-client';

// This bundle has its own msg and catalogues (dist/ssr/server-entry.js holds everything): each
// render speaks the locale the server gives it (decision 0120), in a scope of its own, so renders of
// members in different languages can overlap. Outside one it defers to the source it found (in the
// server's tests, which load this file from source, the server's own).
registerCatalogue('es', es);
registerCatalogue('de', de);
const renderLocales = new AsyncLocalStorage<Locale>();
const outside = setLocaleSource(() => renderLocales.getStore() ?? outside());

export interface RenderedPage {
  /** The markup for `<div id="root">`. */
  html: string;
  /** The `<title>` the screen asks for (React hoists it in the browser). */
  title: string | undefined;
  /** The loader's queries, for the app's `hydrate`. */
  state: DehydratedState;
  /** How long the render itself took (not the loader's reads). */
  renderMs: number;
}

/**
 * Runs the loader of the page at `pathname`, or of the nearest layout around it that has one, in a
 * query client of its own: the server runs it against stand-in answers to learn the reads a member
 * shell preloads (server/render/member-screens.ts, `preloads`). Resolves whatever the answers were.
 */
export async function runLoader(pathname: string): Promise<void> {
  const page = matchPage(pathname);
  const chain = pageChain(page);
  const modules = await Promise.all(chain.map(loadRouteModule));
  const at = modules.findLastIndex((module) => module.loader);
  if (at < 0) return;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    await modules[at].loader!(client, pageParams(chain[at], pathname)).catch(() => {});
  } finally {
    client.clear();
  }
}

/**
 * The page at `pathname` for the member the API transport reads as, as the app's first render shows
 * it, in `locale` (the member's: the server reads it with their session); null when the guard would
 * not show it (no member, a read the screen needs failed, or it was sent elsewhere): the server then
 * sends the shell and the app decides.
 */
export function renderPage(pathname: string, locale?: string): Promise<RenderedPage | null> {
  return isLocale(locale)
    ? renderLocales.run(locale, () => renderIn(pathname))
    : renderIn(pathname);
}

async function renderIn(pathname: string): Promise<RenderedPage | null> {
  const page = matchPage(pathname);
  if (page.kind !== 'server') throw new Error(`not a server-rendered page: ${pathname}`);
  const chain = pageChain(page);
  const modules = await Promise.all(chain.map(loadRouteModule));
  const { loader } = modules[modules.length - 1];
  if (!loader) throw new Error(`app/routes/${page.module}.tsx exports no loader`);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  try {
    try {
      if (!(await loader(client, pageParams(page, pathname)))) return null;
    } catch (error) {
      // A read the screen needs was refused or failed: the shell, as for any other answer.
      if (error instanceof ApiError) return null;
      throw error;
    }
    const routes = routeTree(
      (entry) => ({
        Component: modules[chain.indexOf(entry)][entry.component] as ComponentType,
      }),
      chain,
    );
    const Screen = () => useRoutes(routes);
    const tree = (
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouter location={withoutTrailingSlash(pathname)}>
            <Screen />
          </StaticRouter>
        </AppProviders>
      </StrictMode>
    );
    const started = performance.now();
    // Waits for the lazily loaded parts (the check-in form) instead of sending their placeholders,
    // and puts every part in its place: React would otherwise send a large part apart, with an
    // inline script to move it in, which the CSP refuses.
    const { prelude } = await prerenderToNodeStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    const renderMs = performance.now() - started;
    let title: string | undefined;
    html = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
      title = text;
      return '';
    });
    if (/<script|<template/i.test(html))
      throw new Error('a member screen rendered with a script or a template in it');
    // A form the browser sends itself (pressed before boot.ts ran) must not put what was typed, a
    // journal say, into the address.
    for (const form of html.match(/<form\b[^>]*>/g) ?? [])
      if (!/\smethod="post"/.test(form))
        throw new Error('a member screen rendered a form without method="post"');
    // The guard showed its screen (the navigation shell's <main>), not a spinner or a redirect.
    if (!html.includes('<main id="main"')) return null;
    return { html, title, state: dehydrate(client), renderMs };
  } finally {
    client.clear();
  }
}
