// Server-only (decision 0031): renders a member screen with the answers the server read for the
// member, through a Vite SSR build kept in dist/ssr/ (scripts/prerender.mjs) and loaded by
// src/server/lib/static-client.ts. Never shipped to the browser. Each render has its own query cache:
// nothing of one member's answers can reach another's page.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { SERVED_SCREENS, type ServedData, type ServedScreen } from '@shared/member-screens';
import { AppProviders } from './app/providers';
import { servedQueries } from './app/served-data';
import { AppLayoutRoute } from './app/routes/app/layout';
import { HomeRoute } from './app/routes/app/home';
import { FeedRoute } from './app/routes/app/feed';
import { CycleRoute } from './app/routes/app/cycle';
import { ReviewRoute } from './app/routes/app/review';

export { SERVED_SCREENS };

export interface RenderedScreen {
  /** The markup for `<div id="root">`. */
  html: string;
  /** The `<title>` the screen asks for (React hoists it in the browser). */
  title: string | undefined;
}

/**
 * The screen at `path` for the member whose answers `served` holds, as the app's first render shows
 * it; null when the guard would not show it (no member, or sent elsewhere): the server then sends the
 * plain shell and the app decides.
 */
export async function renderMemberScreen(
  path: ServedScreen,
  served: ServedData,
): Promise<RenderedScreen | null> {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  for (const [key, data] of servedQueries(served))
    client.setQueryData(key, data, { updatedAt: served.at });
  const tree = (
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouter location={path}>
          <Routes>
            <Route path="/app" element={<AppLayoutRoute />}>
              <Route index element={<HomeRoute />} />
              <Route path="feed" element={<FeedRoute />} />
              <Route path="cycle" element={<CycleRoute />} />
              <Route path="review" element={<ReviewRoute />} />
            </Route>
          </Routes>
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  try {
    // Waits for the lazily loaded parts (the check-in form) instead of sending their placeholders,
    // and puts every part in its place: React would otherwise send a large part apart, with an inline
    // script to move it in, which the CSP refuses.
    const { prelude } = await prerenderToNodeStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
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
    return { html, title };
  } finally {
    client.clear();
  }
}
